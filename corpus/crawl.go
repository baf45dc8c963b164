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

// crawl is one run's pipeline: reader -> workers -> ordered store writer.
type crawl struct {
	st    Store
	opts  *Options
	start time.Time
	bytes atomic.Int64
	prog  Progress
	batch []Record
}

func (c *crawl) run(parent context.Context, inputs []string) (Progress, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
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
				return ctx.Err()
			}
			it.seq = seq
			seq++
			select {
			case items <- it:
				return nil
			case <-ctx.Done():
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
				select {
				case results <- wk.process(it):
				case <-ctx.Done():
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	err := c.write(ctx, results, tokens)
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
	c.report()
	return c.prog, err
}

// write stores results in sequence order, one transaction per batch.
func (c *crawl) write(ctx context.Context, results <-chan *result, tokens <-chan struct{}) error {
	pending := map[int64]*result{}
	next := int64(0)
	tick := time.NewTicker(c.opts.BatchInterval)
	defer tick.Stop()
	for {
		select {
		case r, ok := <-results:
			if !ok {
				return c.flush(ctx)
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
					if err := c.flush(ctx); err != nil {
						return err
					}
				}
			}
		case <-tick.C:
			if err := c.flush(ctx); err != nil {
				return err
			}
		case <-ctx.Done():
			return c.flush(ctx)
		}
	}
}

// take counts a result and queues its records.
func (c *crawl) take(r *result) {
	c.prog.Messages += r.messages
	c.prog.Filtered += r.filtered
	c.prog.Decoded += r.decoded
	for _, f := range r.faults {
		c.prog.Faults++
		if c.opts.OnFault != nil {
			c.opts.OnFault(f)
		}
	}
	c.batch = append(c.batch, r.recs...)
}

// flush commits the queued records. It runs even after ctx is stopped:
// what is in order is committed, so a resumed crawl repeats little.
func (c *crawl) flush(ctx context.Context) error {
	if len(c.batch) > 0 {
		st, err := c.st.Put(context.WithoutCancel(ctx), c.batch)
		if err != nil {
			return err
		}
		c.prog.Stored += int64(st.Messages)
		c.prog.Duplicates += int64(st.Duplicates)
		c.prog.Tables += int64(st.Tables)
		c.prog.Folded += int64(st.Folded)
		clear(c.batch)
		c.batch = c.batch[:0]
	}
	c.report()
	return nil
}

func (c *crawl) report() {
	c.prog.Bytes = c.bytes.Load()
	c.prog.Elapsed = time.Since(c.start)
	if c.opts.OnProgress != nil {
		c.opts.OnProgress(c.prog)
	}
}
