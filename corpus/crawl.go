package corpus

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// inFlight bounds the messages between the reader and the store (queued,
// being decoded, waiting for their turn to be stored): memory stays flat
// whatever the archive size.
const inFlight = 256

// Crawl reads every input into st and returns the final progress. Inputs
// are read one after another, in name order inside folders; records reach
// the store in that order, whatever the worker that decoded them, so a
// crawl is deterministic and table ids follow input order.
//
// Stopping ctx stops the crawl after committing the records already in
// order; the error is then ctx.Err(). A store error (disk full, locked
// database) stops the crawl with the store's error; what was committed
// before stays consistent, and a later crawl resumes by skipping the
// messages stored.
func Crawl(ctx context.Context, st Store, inputs []string, opts Options) (Progress, error) {
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.BatchSize <= 0 {
		opts.BatchSize = 2000
	}
	if opts.BatchInterval <= 0 {
		opts.BatchInterval = 500 * time.Millisecond
	}
	c := &crawl{st: st, opts: &opts, start: time.Now()}
	c.prog.TotalBytes = totalBytes(inputs)
	return c.run(ctx, inputs)
}

// crawl is one run's pipeline: reader -> workers -> ordering writer ->
// committer. The committer runs the store transactions in a goroutine of
// its own, so that reading and parsing go on while a batch is written.
type crawl struct {
	st    Store
	opts  *Options
	start time.Time
	bytes atomic.Int64
	batch []Record

	mu   sync.Mutex // guards prog: the writer counts reads, the committer stores
	prog Progress

	commits chan []Record // batches in order, to the committer
	free    chan []Record // emptied batches, back to the writer
	stored  chan error    // the committer's outcome
	cancel  context.CancelFunc
}

func (c *crawl) run(parent context.Context, inputs []string) (Progress, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	c.cancel = cancel
	items := make(chan *item, 64)
	results := make(chan *result, 64)
	tokens := make(chan struct{}, inFlight)

	var readErr error
	go func() {
		defer close(items)
		seq := int64(0)
		w := &walker{opts: c.opts, bytes: &c.bytes, emit: func(it *item) error {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				it.release()
				return ctx.Err()
			}
			it.seq = seq
			seq++
			select {
			case items <- it:
				return nil
			case <-ctx.Done():
				it.release()
				return ctx.Err()
			}
		}}
		for _, in := range inputs {
			if err := w.input(ctx, in); err != nil {
				if ctx.Err() == nil {
					readErr = err
				}
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range c.opts.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			wk := &worker{opts: c.opts}
			for it := range items {
				r := wk.process(it)
				it.release()
				select {
				case results <- r:
				case <-ctx.Done():
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	// Two batches circulate: one filling, one being committed, so memory
	// stays bounded by 2 x BatchSize small records.
	c.commits = make(chan []Record)
	c.free = make(chan []Record, 2)
	c.stored = make(chan error, 1)
	c.free <- make([]Record, 0, c.opts.BatchSize)
	c.batch = make([]Record, 0, c.opts.BatchSize)
	go c.commit(ctx)

	err := c.write(ctx, results, tokens)
	close(c.commits)
	if serr := <-c.stored; serr != nil {
		err = serr
	}
	cancel()
	for range results {
		// Let the workers and the reader wind down before returning, so
		// no git process outlives the crawl.
	}
	if err == nil {
		err = readErr
	}
	if err == nil && parent.Err() != nil {
		err = parent.Err()
	}
	return c.report(), err
}

// write puts results in sequence order and hands full batches to the
// committer; it returns when the results end or the crawl is stopped.
func (c *crawl) write(ctx context.Context, results <-chan *result, tokens <-chan struct{}) error {
	pending := map[int64]*result{} // at most inFlight entries
	next := int64(0)
	tick := time.NewTicker(c.opts.BatchInterval)
	defer tick.Stop()
	for {
		select {
		case r, ok := <-results:
			if !ok {
				return c.flush(true)
			}
			pending[r.seq] = r
			for {
				r, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				next++
				<-tokens
				c.take(r)
				if len(c.batch) >= c.opts.BatchSize {
					if err := c.flush(true); err != nil {
						return err
					}
				}
			}
		case <-tick.C:
			if err := c.flush(false); err != nil {
				return err
			}
		case <-ctx.Done():
			return c.flush(true)
		}
	}
}

// take counts a result and queues its records.
func (c *crawl) take(r *result) {
	c.mu.Lock()
	c.prog.Messages += r.messages
	c.prog.Filtered += r.filtered
	c.prog.Decoded += r.decoded
	c.prog.Faults += int64(len(r.faults))
	c.mu.Unlock()
	if c.opts.OnFault != nil {
		for _, f := range r.faults {
			c.opts.OnFault(f)
		}
	}
	c.batch = append(c.batch, r.recs...)
}

// flush hands the queued records to the committer; with wait it waits
// while the committer still writes the previous batch, without it (the
// periodic flush) it leaves the records queued then. It runs even after
// ctx is stopped: what is in order is committed, so a resumed crawl
// repeats little. Its error is the committer's, once the committer has
// stopped on one.
func (c *crawl) flush(wait bool) error {
	if len(c.batch) > 0 {
		var next []Record
		select {
		case next = <-c.free:
		case err := <-c.stored:
			c.stored <- err // for run
			return err
		default:
			if !wait {
				return nil
			}
			select {
			case next = <-c.free:
			case err := <-c.stored:
				c.stored <- err
				return err
			}
		}
		c.commits <- c.batch
		c.batch = next
	}
	c.report()
	return nil
}

// commit stores the batches it is handed, each in one transaction; after
// a store error it stops the crawl and drops the batches still coming.
func (c *crawl) commit(ctx context.Context) {
	var err error
	for recs := range c.commits {
		if err == nil {
			var st PutStats
			st, err = c.st.Put(context.WithoutCancel(ctx), recs)
			if err != nil {
				c.cancel()
			}
			c.mu.Lock()
			c.prog.Stored += int64(st.Messages)
			c.prog.Duplicates += int64(st.Duplicates)
			c.prog.Tables += int64(st.Tables)
			c.prog.Folded += int64(st.Folded)
			c.mu.Unlock()
		}
		clear(recs)
		if err != nil {
			c.stored <- err
			for range c.commits {
			}
			return
		}
		c.free <- recs[:0]
	}
	c.stored <- nil
}

// report passes a snapshot of the progress to OnProgress and returns it.
func (c *crawl) report() Progress {
	c.mu.Lock()
	c.prog.Bytes = c.bytes.Load()
	c.prog.Elapsed = time.Since(c.start)
	p := c.prog
	c.mu.Unlock()
	if c.opts.OnProgress != nil {
		c.opts.OnProgress(p)
	}
	return p
}
