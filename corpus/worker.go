package corpus

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"sync/atomic"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/model"
)

// seqShift places a message in the reading order (store.Record.Seq):
// the item's place shifted left, plus the message's index in the item for
// the whole files that hold several.
const seqShift = 20

// position is the store.Record.Seq of the item with sequence number seq
// of a crawl whose items start at first.
func position(first, seq int64) int64 { return (first + seq) << seqShift }

// result is what a worker made of one item.
type result struct {
	seq      int64
	cp       *store.Checkpoint // the item's, to store with its records
	bytes    int64             // its share of the crawl's byte budget: the item's raw size, then its tables' (tablesBytes)
	recs     []store.Record
	messages int64 // messages read (stored or not)
	stored   int64 // skipped before decoding: stored before (item.stored)
	filtered int64
	decoded  int64
	faults   []Fault
}

// holdsTables reports whether the result carries tables, whose size
// grows with the message's: until they are stored they keep a share of
// the byte budget.
func (r *result) holdsTables() bool {
	for i := range r.recs {
		if len(r.recs[i].Tables) > 0 {
			return true
		}
	}
	return false
}

// worker turns items into records; besides the options it holds only a
// buffer it reuses for the prefilter's view of encoded messages, a
// bounded cache of patch tags and the reader of the epoch it reads.
type worker struct {
	ctx  context.Context
	opts *Options
	// first is the reading position of the crawl's first item (see
	// crawl.first).
	first int64
	view  viewer
	tags  map[string]*model.PatchTag
	// decoding, shared by the crawl's workers, bounds the memory of the
	// full decodes running at once (heavy); nil: no bound.
	decoding *budget
	// git reads the runs of commits of one epoch (item.commits); bytes
	// and commits count what it read, for progress.
	git            *GitReader
	bytes, commits *atomic.Int64
}

// gitRun reads a run of commits and returns one result per commit, in
// order: a message, a fault, or for a deletion commit only its
// checkpoint. When the reading stops early (git cannot be started), the
// commits not read get a fault each, so that every sequence number of
// the run is answered; when the crawl is stopped they need none.
func (w *worker) gitRun(it *item) []*result {
	if w.git == nil || w.git.Repo() != it.source {
		w.closeGit()
		w.git = NewGitReader(w.ctx, it.source)
	}
	rs := make([]*result, 0, len(it.commits))
	err := w.git.Read(it.commits, func(m GitMessage) error {
		one := item{seq: it.seq + int64(m.Index), source: it.source, commit: m.Commit, raw: mbox.RawMessage{Line: 1}}
		w.commits.Add(1)
		switch {
		case m.Err != nil:
			one.fault = m.Err // moves no checkpoint
		case m.Data == nil:
			one.mark = true // a deletion
		default:
			w.bytes.Add(int64(len(m.Data)))
			one.raw.Data, one.blob = mbox.NormalizeEOL(m.Data), &m.Blob
		}
		if m.Err == nil && !it.broken {
			one.cp = &store.Checkpoint{Input: it.source, Commit: m.Commit}
		}
		r := w.process(&one)
		r.bytes = 0 // the run's reservation stood for its raw bytes
		rs = append(rs, r)
		return nil
	})
	if err == nil || w.ctx.Err() != nil {
		return rs
	}
	read := len(rs)
	for i := read; i < len(it.commits); i++ {
		f := err
		if i > read {
			f = errors.New("not read: git failed on an earlier commit")
		}
		rs = append(rs, &result{seq: it.seq + int64(i), faults: []Fault{{Source: it.source, Commit: hex.EncodeToString(it.commits[i].ID[:]), Err: f}}})
	}
	return rs
}

// closeGit stops the worker's git, if it runs.
func (w *worker) closeGit() {
	if w.git != nil {
		w.git.Close()
	}
}

// decodeCost is the memory a full decode and table parse take per raw
// byte, at the most: a 300 KB message of 5,000 table rows keeps about
// 30 MB live while it is read.
const decodeCost = 100

// heavy runs fn, the full decode of a message of n raw bytes, once the
// decodes running in other workers leave room for it in w.decoding: two
// such messages decoded at once held the heap at the crawl's soft memory
// limit, where the collector runs without pause. A decode alone always
// runs, and ordinary mail (a few kilobytes) never waits.
func (w *worker) heavy(n int, fn func()) {
	if w.decoding == nil {
		fn()
		return
	}
	cost := int64(n) * decodeCost
	w.decoding.acquire(context.Background(), cost) // cannot fail: no deadline
	defer w.decoding.release(cost)
	fn()
}

// maxTags bounds a worker's cache of parsed subjects.
const maxTags = 4096

// patchTag parses a subject's patch tag once per worker: replies repeat
// their thread's subject, and the tag parser costs as much as the rest of
// a skipped message's header. Records share the tags read-only.
func (w *worker) patchTag(subject string) *model.PatchTag {
	if t, ok := w.tags[subject]; ok {
		return t
	}
	if w.tags == nil || len(w.tags) >= maxTags {
		w.tags = make(map[string]*model.PatchTag, maxTags)
	}
	t := mbox.ParseSubject(subject)
	w.tags[subject] = t
	return t
}

// process handles one item; a panic in a decoder or a table parser is a
// fault of that item, never of the crawl.
func (w *worker) process(it *item) (res *result) {
	res = &result{seq: it.seq, cp: it.cp, bytes: int64(len(it.raw.Data))}
	if it.mark {
		return res
	}
	if it.cp != nil && it.commit == "" && !it.whole && it.fault == nil {
		// An mbox message's checkpoint names it by digest, so that the
		// next crawl can tell the file was only appended to.
		it.cp.Hash = digest(it.raw.Data)
		if h, ok := it.stored[it.raw.Offset]; ok && h == it.cp.Hash {
			res.messages, res.stored = 1, 1
			return res
		}
	}
	defer func() {
		if r := recover(); r != nil {
			res.recs = nil
			res.faults = append(res.faults, w.fault(it, fmt.Errorf("internal error (please report): %v\n%s", r, debug.Stack())))
		}
	}()
	switch {
	case it.fault != nil:
		f := w.fault(it, it.fault)
		f.Warning = it.cut
		res.faults = append(res.faults, f)
	case it.whole:
		w.whole(it, res)
	default:
		w.raw(it, res)
	}
	return res
}

func (w *worker) fault(it *item, err error) Fault {
	return Fault{Source: it.source, Offset: it.raw.Offset, Line: it.raw.Line, Commit: it.commit, Err: err}
}

// raw handles one raw message: the prefilter decides whether it is
// decoded; otherwise its record comes from the header block alone.
func (w *worker) raw(it *item, res *result) {
	res.messages = 1
	data := it.raw.Data
	if bytes.IndexByte(data, 0) >= 0 {
		res.faults = append(res.faults, w.fault(it, mbox.ErrNUL))
		return
	}
	h := scanHeader(data)
	id := firstID(h.id)
	if id == "" {
		id = w.syntheticID(it)
	}
	subject := decodeWords(h.subject)
	from := address(h.from)
	date := parseDate(h.date)
	if (w.opts.Filter.active() && !w.opts.Filter.match(date, subject, fromLabel(from))) || !w.opts.Shard.keep(id) {
		res.filtered = 1
		return
	}
	rec := store.Record{Commit: it.commit, Seq: position(w.first, it.seq)}
	switch {
	case it.blob != nil:
		// git hashed the message already: its blob id is the key.
		rec.Hash = [16]byte(it.blob[:16])
	case it.cp != nil && it.cp.Hash != ([16]byte{}):
		rec.Hash = it.cp.Hash
	default:
		rec.Hash = digest(data)
	}
	if w.opts.DecodeAll || w.view.needsDecode(data, &h) {
		w.heavy(len(data), func() {
			m, _ := mbox.Decode(it.source, it.raw)
			if it.commit != "" && m.Meta.ID == fmt.Sprintf("%s#%d", it.source, it.raw.Line) {
				m.Meta.ID = id
			}
			rec.Meta = m.Meta
			// The decoded text may differ from the raw (a view that gave
			// up, an unlabelled quoted-printable body): look at it with
			// the same prefilter before running every table family.
			if w.opts.DecodeAll || mayHoldTable(bodyText(m)) {
				rec.Tables = w.tables(it, m, res)
			}
		})
		res.decoded = 1
	} else {
		rec.Meta = model.Message{
			Source: it.source, ID: id, Subject: subject, From: from, Date: date,
			InReplyTo: firstID(h.inReplyTo),
			StartLine: it.raw.Line, EndLine: it.raw.Line + max(bytes.Count(data, []byte("\n")), 1) - 1,
			Offset: it.raw.Offset, Patch: w.patchTag(subject),
		}
		if ref := firstID(h.reference); ref != "" {
			rec.Meta.References = []string{ref}
		}
	}
	res.recs = append(res.recs, rec)
}

// whole handles a file that is not an mbox. Without any sign of a table
// it is one message read from its header block; otherwise mbox.Read takes
// it apart exactly as extract does.
func (w *worker) whole(it *item, res *result) {
	data := it.raw.Data
	if !w.opts.DecodeAll && !hasEncodedParts(data) && !htmlPage(data) && !mayHoldTable(data) {
		w.raw(it, res)
		return
	}
	var r *mbox.Result
	var err error
	w.heavy(len(data), func() { r, err = mbox.Read(it.source, data, w.opts.Pipeline.Mail) })
	if err != nil {
		res.faults = append(res.faults, w.fault(it, err))
	}
	if r == nil {
		return
	}
	for i, m := range r.Messages {
		res.messages++
		meta := &m.Meta
		if meta.Source == "" {
			meta.Source = it.source
		}
		if (w.opts.Filter.active() && !w.opts.Filter.match(meta.Date, meta.Subject, fromLabel(meta.From))) || !w.opts.Shard.keep(meta.ID) {
			res.filtered++
			continue
		}
		res.decoded++
		res.recs = append(res.recs, store.Record{Meta: *meta, Hash: fileDigest(data, i), Seq: position(w.first, it.seq) | int64(min(i, 1<<seqShift-1)), Tables: w.tables(it, m, res)})
	}
}

// htmlPage reports whether a file starts as a web page (a saved archive
// page, which extract reads as HTML): the prefilter cannot judge markup.
func htmlPage(data []byte) bool {
	head := data[:min(len(data), 1024)]
	for _, tag := range []string{"<!doctype html", "<html"} {
		for i := 0; i+len(tag) <= len(head); i++ {
			if hasFoldPrefix(head[i:], tag) {
				return true
			}
		}
	}
	return false
}

// tables reads a message's tables; a parse budget's cut is a warning of
// the message (the records read are stored), so that no row is lost
// without a word.
func (w *worker) tables(it *item, m *mbox.Message, res *result) []model.Table {
	tables, cuts := lkmlbench.MessageTables(it.source, m, w.opts.Pipeline)
	for _, c := range cuts {
		res.faults = append(res.faults, Fault{Source: it.source, Line: c.Line, Offset: c.Offset, Commit: it.commit, Err: errors.New(c.Message), Warning: true})
	}
	return tables
}

// bodyText joins the decoded body lines the table parsers read (text,
// not patches, attributions, header blocks or signatures) for the
// prefilter, with their quote markers, so that it sees the quoting the
// raw message had.
func bodyText(m *mbox.Message) []byte {
	n := 0
	for _, l := range m.Body {
		n += len(l.Text) + 2*l.Depth + 1
	}
	b := make([]byte, 0, n)
	for _, l := range m.Body {
		if l.Kind != model.KindText {
			continue
		}
		for range l.Depth {
			b = append(b, '>', ' ')
		}
		b = append(b, l.Text...)
		b = append(b, '\n')
	}
	return b
}

// syntheticID names a message without a Message-ID the way mbox.Decode
// does ("source#line"), or by commit for a public-inbox message.
func (w *worker) syntheticID(it *item) string {
	if it.commit != "" {
		return it.source + "#" + it.commit
	}
	return fmt.Sprintf("%s#%d", it.source, it.raw.Line)
}

// fromLabel is what the --from filter matches: "Name <addr>".
func fromLabel(a model.Address) string {
	switch {
	case a.Name == "":
		return a.Email
	case a.Email == "":
		return a.Name
	}
	return a.Name + " <" + a.Email + ">"
}

// digest keys a raw message's content. The blank line that ends the
// last message of an mbox is left out: mbox writers end every message
// with one, and once mail is appended the scanner gives it to the
// container, so the message must keep its key.
func digest(data []byte) (h [16]byte) {
	sum := sha256.Sum256(dropContainerBlank(data))
	copy(h[:], sum[:])
	return h
}

// dropContainerBlank removes the blank line that ends data, which mbox
// writers put before the next From_ line.
func dropContainerBlank(data []byte) []byte {
	switch {
	case bytes.HasSuffix(data, []byte("\r\n\r\n")):
		return data[:len(data)-2]
	case bytes.HasSuffix(data, []byte("\n\n")):
		return data[:len(data)-1]
	}
	return data
}

// fileDigest keys message i of a file that is not an mbox by the file's
// raw bytes (and i, for a file that holds several): the same key raw
// gives a file it does not decode. A key of the decoded text changed
// with the prefilter's choice (--decode-all) and with every decoder
// change, and each change stored the message again.
func fileDigest(data []byte, i int) [16]byte {
	if i == 0 {
		return digest(data)
	}
	return digest(fmt.Appendf(slices.Clip(dropContainerBlank(data)), "\x00%d", i))
}
