package corpus

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lkmlbench/lkmlbench/export/store"
)

// selection names the crawl's filter and shard for its checkpoints.
func selection(o *Options) string {
	var parts []string
	f := &o.Filter
	if !f.Since.IsZero() {
		parts = append(parts, "since="+f.Since.UTC().Format(time.RFC3339))
	}
	if !f.Until.IsZero() {
		parts = append(parts, "until="+f.Until.UTC().Format(time.RFC3339))
	}
	if f.Subject != nil {
		parts = append(parts, "subject="+f.Subject.String())
	}
	if f.From != nil {
		parts = append(parts, "from="+f.From.String())
	}
	if o.Shard.Count > 1 {
		parts = append(parts, fmt.Sprintf("shard=%d/%d", o.Shard.Index, o.Shard.Count))
	}
	return strings.Join(parts, " ")
}

// known holds the checkpoints of the input being walked, by Input.
type known map[string]store.Checkpoint

// load reads the checkpoints under input; without a Checkpointer, or
// when the crawl rescans, there are none.
func (w *walker) load(ctx context.Context, input string) error {
	w.known = nil
	if w.cps == nil || w.opts.Rescan {
		return nil
	}
	cps, err := w.cps.Checkpoints(ctx, input, w.sel)
	if err != nil {
		return err
	}
	w.known = make(known, len(cps))
	for _, cp := range cps {
		w.known[cp.Input] = cp
	}
	return nil
}

// maildirKey is the checkpoint key of a Maildir message: its folder and
// the unique part of its name, before the ":2,flags" info.
func maildirKey(maildir, name string) string {
	if i := strings.IndexByte(name, ':'); i > 0 {
		name = name[:i]
	}
	return maildir + "/" + name
}
