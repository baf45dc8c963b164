package corpus

import (
	"context"
	"sync"
)

// inFlightBytes bounds the raw bytes of the messages between the reader
// and the workers, and of the messages with tables waiting to be stored.
// The count of messages in flight (inFlight) keeps an archive of ordinary
// mail flat; this keeps one of huge messages flat too: decoding costs
// several times a message's size, so only a few large messages may be in
// the pipeline at once. A message larger than the budget still goes
// through, alone.
const inFlightBytes = 24 << 20

// byteBudget is a counting semaphore over bytes. Acquisitions come from
// the one reader goroutine in input order; a worker releases a message's
// share when it is done with it, unless its result holds tables, and the
// writer releases those in input order. No release waits for an
// acquisition, so the pipeline cannot deadlock.
type byteBudget struct {
	mu    sync.Mutex
	cond  *sync.Cond
	limit int64
	used  int64
}

func newByteBudget(limit int64) *byteBudget {
	b := &byteBudget{limit: limit}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// acquire waits until n bytes fit in the budget (or nothing else is in
// flight), or ctx ends.
func (b *byteBudget) acquire(ctx context.Context, n int64) error {
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

// release returns n bytes to the budget.
func (b *byteBudget) release(n int64) {
	b.mu.Lock()
	b.used -= n
	b.cond.Broadcast()
	b.mu.Unlock()
}
