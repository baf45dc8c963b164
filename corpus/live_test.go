package corpus_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/corpus"
	"github.com/lkmlbench/lkmlbench/export/sqlite"
	"github.com/lkmlbench/lkmlbench/export/store"
	"github.com/lkmlbench/lkmlbench/mbox"
)

// mboxBytes renders msgs as an mbox, each message ended by a blank line.
func mboxBytes(msgs []string) []byte {
	var b bytes.Buffer
	for _, m := range msgs {
		b.WriteString("From mboxrd@z Thu Jan  1 00:00:00 1970\n")
		b.WriteString(m)
		b.WriteString("\n")
	}
	return b.Bytes()
}

// sameAsFresh checks that st holds what one crawl of the finished file
// stores: the same messages (none twice), tables and numbers.
func sameAsFresh(t *testing.T, st *sqlite.Store, in string) {
	t.Helper()
	fresh := openStore(t, filepath.Join(t.TempDir(), "fresh.db"))
	_, err := corpus.Crawl(context.Background(), fresh, []string{in}, corpus.Options{Settle: -1})
	require.NoError(t, err)
	for _, q := range []string{
		"SELECT count(*) FROM messages",
		"SELECT count(DISTINCT message_id) FROM messages",
		"SELECT count(*) FROM tables",
		"SELECT sum(quoted_copies) FROM tables",
		"SELECT count(*) FROM observations",
	} {
		assert.Equal(t, count(t, fresh, q), count(t, st, q), q)
	}
	assert.Equal(t, observations(t, fresh), observations(t, st))
}

// TestLiveMboxLastMessage crawls an mbox while its last message is being
// written, cut inside its table, then once the message is whole: the
// first crawl must hold the cut message back (stored, it would stay as a
// table of two rows beside the whole one), and the second must store
// exactly what one crawl of the finished file stores.
func TestLiveMboxLastMessage(t *testing.T) {
	msgs := corpusMessages(12)
	msgs = append(msgs, mail(40, "Re: [PATCH v3 0/4] sched/fair: Rework wakeup (40)", tableBody(40)))
	whole := mboxBytes(msgs)
	row := bytes.LastIndex(whole, []byte(" 2-groups:"))
	require.Positive(t, row)

	for _, tc := range []struct {
		name string
		// write puts the cut file in place and keeps it changing, as a
		// writer would, until the returned stop is called.
		write func(t *testing.T, path string) (stop func())
	}{
		{"cut mid-line", func(t *testing.T, path string) func() {
			// Even long left alone, a file whose last line has no
			// newline was cut while being written.
			require.NoError(t, os.WriteFile(path, whole[:row+8], 0o644))
			old := time.Now().Add(-time.Hour)
			require.NoError(t, os.Chtimes(path, old, old))
			return func() {}
		}},
		{"cut at a line end, writer still appending", func(t *testing.T, path string) func() {
			require.NoError(t, os.WriteFile(path, whole[:row], 0o644))
			done := make(chan struct{})
			var wg sync.WaitGroup
			wg.Add(1)
			go func() {
				// A writer that has not finished: the file changes
				// every 10 ms, well within the settle time.
				defer wg.Done()
				tick := time.NewTicker(10 * time.Millisecond)
				defer tick.Stop()
				for {
					select {
					case <-done:
						return
					case <-tick.C:
						now := time.Now()
						os.Chtimes(path, now, now)
					}
				}
			}()
			return func() { close(done); wg.Wait() }
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "live.mbox")
			st := openStore(t, filepath.Join(dir, "c.db"))
			stop := tc.write(t, in)
			var warnings []string
			p, err := corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{
				Settle:  300 * time.Millisecond,
				OnFault: func(f corpus.Fault) { warnings = append(warnings, f.Error()) },
			})
			stop()
			require.NoError(t, err)
			assert.EqualValues(t, 12, p.Stored, "the message being written is held back")
			assert.EqualValues(t, 1, p.Warnings)
			require.Len(t, warnings, 1)
			assert.Contains(t, warnings[0], "last message not stored: it has not ended")
			assert.Contains(t, warnings[0], fmt.Sprintf("(line %d)", 1+strings.Count(string(whole[:bytes.LastIndex(whole, []byte("\nFrom mboxrd"))+1]), "\n")+1))

			require.NoError(t, os.WriteFile(in, whole, 0o644))
			p, err = corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{Settle: -1})
			require.NoError(t, err)
			assert.EqualValues(t, 1, p.Messages, "the checkpoint stayed before the message held back")
			assert.EqualValues(t, 1, p.Stored)
			sameAsFresh(t, st, in)
		})
	}
}

// TestAppendAfterBlankLines appends mail to an mbox whose last message
// ends in blank lines: the checkpoint's digest must be that of the bytes
// the next crawl reads there (the container takes one blank line once a
// From_ line follows), so that only the new mail is read and nothing is
// stored twice.
func TestAppendAfterBlankLines(t *testing.T) {
	for _, tail := range []string{"\n", "\n\n", "\n\n\n", "\r\n\r\n"} {
		t.Run(fmt.Sprintf("%q", tail), func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "list.mbox")
			msgs := corpusMessages(8)
			msgs[7] = mail(7, "Re: [PATCH v3 0/4] sched/fair: Rework wakeup (7)", tableBody(7)) + tail
			require.NoError(t, os.WriteFile(in, mboxBytes(msgs), 0o644))
			st := openStore(t, filepath.Join(dir, "c.db"))
			_, err := corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{Settle: -1})
			require.NoError(t, err)

			f, err := os.OpenFile(in, os.O_APPEND|os.O_WRONLY, 0)
			require.NoError(t, err)
			_, err = f.Write(mboxBytes(laterMessages(3)))
			require.NoError(t, err)
			require.NoError(t, f.Close())
			p, err := corpus.Crawl(context.Background(), st, []string{in}, corpus.Options{Settle: -1})
			require.NoError(t, err)
			assert.EqualValues(t, 3, p.Messages, "only the appended mail is read")
			assert.EqualValues(t, 3, p.Stored)
			sameAsFresh(t, st, in)
		})
	}
}

// memStore is a store.Checkpointer in memory for the fuzz target: the
// SQLite driver, instrumented for coverage, makes each run take seconds.
// It keeps what the SQLite store's keys decide: messages by id and
// hash, tables by fingerprint with their quoted copies.
type memStore struct {
	msgs   map[string]int64 // id and hash: offset
	hashes map[string][16]byte
	tables map[string]int // fingerprint: quoted copies
	cps    map[string]store.Checkpoint
}

func newMemStore() *memStore {
	return &memStore{msgs: map[string]int64{}, hashes: map[string][16]byte{}, tables: map[string]int{}, cps: map[string]store.Checkpoint{}}
}

func (m *memStore) Put(_ context.Context, recs []store.Record) (store.PutStats, error) {
	var st store.PutStats
	for i := range recs {
		r := &recs[i]
		k := fmt.Sprintf("%s %x", r.Meta.ID, r.Hash)
		if _, ok := m.msgs[k]; ok {
			st.Duplicates++
			continue
		}
		m.msgs[k] = r.Meta.Offset
		m.hashes[k] = r.Hash
		st.Messages++
		for j := range r.Tables {
			fp := lkmlbench.Fingerprint(&r.Tables[j])
			if c, ok := m.tables[fp]; ok {
				m.tables[fp] = c + 1 + r.Tables[j].QuotedCopies
				st.Folded++
				continue
			}
			m.tables[fp] = r.Tables[j].QuotedCopies
			st.Tables++
		}
	}
	return st, nil
}

func (m *memStore) Each(context.Context, func(*store.Record) error) error { return nil }
func (m *memStore) Close() error                                          { return nil }

func (m *memStore) Checkpoints(_ context.Context, input, sel string) ([]store.Checkpoint, error) {
	cp, ok := m.cps[input+"\x00"+sel]
	if !ok {
		return nil, nil
	}
	return []store.Checkpoint{cp}, nil
}

func (m *memStore) PutCheckpoints(ctx context.Context, recs []store.Record, cps []store.Checkpoint) (store.PutStats, error) {
	st, err := m.Put(ctx, recs)
	for _, cp := range cps {
		m.cps[cp.Input+"\x00"+cp.Selection] = cp
	}
	return st, err
}

func (m *memStore) Stored(context.Context, string) (map[int64][16]byte, error) {
	out := map[int64][16]byte{}
	for k, off := range m.msgs {
		out[off] = m.hashes[k]
	}
	return out, nil
}

func (m *memStore) LastSeq(context.Context, string) (int64, error) {
	last := int64(-1)
	for _, cp := range m.cps {
		last = max(last, cp.Seq)
	}
	return last, nil
}

// FuzzLiveAppend crawls an mbox while it is being appended to: the file
// is cut at two places, each prefix crawled as a file still being
// written (its change time ahead of the clock), then the whole file once
// it is left alone. Whatever the cuts, the database must end holding
// exactly what one crawl of the whole file stores: no message cut by a
// writer, none twice, no table counted twice.
func FuzzLiveAppend(f *testing.F) {
	f.Add(mboxBytes(corpusMessages(6)), uint16(900), uint16(2400))
	f.Add(mboxBytes(append(corpusMessages(3), mail(9, "Re: x", tableBody(9)+"\n\n"))), uint16(1500), uint16(1900))
	f.Add([]byte("From a@b Mon Jan  1 00:00:00 2024\nFrom: a\nMessage-ID: <1@x>\n\n1-groups: 1.00 (0.00 pct) 2.00 (1.00 pct)\n\nFrom b@c Mon Jan  1 00:00:00 2024\nFrom: b\n\nbody\r\n"), uint16(40), uint16(120))
	f.Fuzz(func(t *testing.T, data []byte, c1, c2 uint16) {
		if len(data) == 0 || len(data) > 64<<10 || !mbox.IsMbox(data) {
			return
		}
		cuts := []int{int(c1) % len(data), int(c2) % len(data)}
		slices.Sort(cuts)
		dir := t.TempDir()
		in := filepath.Join(dir, "live.mbox")
		st := newMemStore()
		ahead := time.Now().Add(time.Hour)
		opts := corpus.Options{Settle: time.Millisecond, Workers: 1}
		for _, c := range cuts {
			if !mbox.IsMbox(data[:c]) {
				continue // not yet an mbox: read whole, as any file
			}
			require.NoError(t, os.WriteFile(in, data[:c], 0o644))
			require.NoError(t, os.Chtimes(in, ahead, ahead))
			_, err := corpus.Crawl(context.Background(), st, []string{in}, opts)
			require.NoError(t, err)
		}
		require.NoError(t, os.WriteFile(in, data, 0o644))
		past := time.Now().Add(-time.Hour)
		require.NoError(t, os.Chtimes(in, past, past))
		_, err := corpus.Crawl(context.Background(), st, []string{in}, opts)
		require.NoError(t, err)

		fresh := newMemStore()
		_, err = corpus.Crawl(context.Background(), fresh, []string{in}, opts)
		require.NoError(t, err)
		assert.Equal(t, fresh.msgs, st.msgs, "messages by id and hash")
		assert.Equal(t, fresh.tables, st.tables, "tables and their quoted copies")
	})
}
