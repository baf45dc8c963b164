package corpus

import (
	"context"
	"sync"
	"unsafe"

	"github.com/lkmlbench/lkmlbench/export/store"
)

// inFlightBytes bounds the raw bytes of the messages between the reader
// and the workers, and the memory of the tables waiting to be stored
// (tablesBytes: a table read costs many times its raw text) until the
// batch holding them is committed.
// The count of messages in flight (inFlight) keeps an archive of ordinary
// mail flat; this keeps one of huge messages flat too: decoding costs
// several times a message's size, so only a few large messages may be in
// the pipeline at once. A message larger than the budget still goes
// through, alone.
const inFlightBytes = 24 << 20

// runReserve is the share of the byte budget a run of commits holds
// until its worker is done with it. Its messages are not read yet when
// it is handed on (the worker reads them, at most gitReadBytes at once),
// but the tables they hold count once their results are out, and the
// reservation keeps the runs handed on few while tables fill the budget:
// at most four beside them, where a run that held nothing would let the
// reader hand on as many as the channels hold.
const runReserve = inFlightBytes / 4

// budget is a counting semaphore over bytes (or over messages: the
// crawl's inFlight). Acquisitions of the crawl's byte budget come from
// the one reader goroutine in input order; a worker releases a message's
// share when it is done with it, unless its result holds tables: then it
// exchanges the share for the tables' size (adjust, which never waits),
// and the committer releases that once their batch is stored. No
// release waits for an acquisition, so the pipeline cannot deadlock.
type budget struct {
	mu    sync.Mutex
	cond  *sync.Cond
	limit int64
	used  int64
}

func newBudget(limit int64) *budget {
	b := &budget{limit: limit}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// acquire waits until n fit in the budget (or nothing else is in
// flight), or ctx ends.
func (b *budget) acquire(ctx context.Context, n int64) error {
	stop := context.AfterFunc(ctx, func() {
		b.mu.Lock()
		b.cond.Broadcast()
		b.mu.Unlock()
	})
	defer stop()
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.used > 0 && b.used+n > b.limit {
		if err := ctx.Err(); err != nil {
			return err
		}
		b.cond.Wait()
	}
	b.used += n
	return nil
}

// adjust changes a share already held by delta without waiting: the
// reader waits for the budget to come back under its limit instead.
func (b *budget) adjust(delta int64) {
	if delta < 0 {
		b.release(-delta)
		return
	}
	b.mu.Lock()
	b.used += delta
	b.mu.Unlock()
}

// tablesBytes estimates the memory the tables of recs hold: their rows
// and cells and the text these point to. Ten kilobytes of table rows
// become a few hundred kilobytes of cells.
func tablesBytes(recs []store.Record) int64 {
	var n int64
	for i := range recs {
		for j := range recs[i].Tables {
			t := &recs[i].Tables[j]
			n += int64(unsafe.Sizeof(*t))
			for k := range t.Rows {
				r := &t.Rows[k]
				n += int64(unsafe.Sizeof(*r)) + int64(len(r.Case)) + 16*int64(len(r.Flags))
				for c := range r.Cells {
					cell := &r.Cells[c]
					n += int64(unsafe.Sizeof(*cell)) + int64(len(cell.Value)+len(cell.Text)+len(cell.VerdictBasis)) + 16*int64(len(cell.Flags))
					if cell.ImprovementPct != nil {
						n += 16 + int64(len(*cell.ImprovementPct))
					}
				}
			}
		}
	}
	return n
}

// release returns n bytes to the budget.
func (b *budget) release(n int64) {
	b.mu.Lock()
	b.used -= n
	b.cond.Broadcast()
	b.mu.Unlock()
}
