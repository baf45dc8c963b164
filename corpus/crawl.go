package corpus

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/lkmlbench/lkmlbench/export/store"
)

// inFlight bounds the messages between the reader and the store (queued,
// being decoded, waiting for their turn to be stored): memory stays flat
// whatever the archive size. It is also how far the other workers may
// read ahead of a message that takes long (a log of a megabyte takes a
// worker most of a second, in which the others get through thousands of
// ordinary messages): with 256 the second core sat idle through each of
// them. A message waiting for its turn without tables holds a record of
// a few hundred bytes.
const inFlight = 4096

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
func Crawl(ctx context.Context, st store.Store, inputs []string, opts Options) (Progress, error) {
	c, err := prepare(ctx, st, inputs, opts)
	if err != nil {
		return c.prog, err
	}
	return c.run(ctx, inputs)
}

// prepare sets a crawl up: the options' defaults, where its reading
// positions start, and the plan of its git epochs.
func prepare(ctx context.Context, st store.Store, inputs []string, opts Options) (*crawl, error) {
	if opts.Workers <= 0 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.BatchSize <= 0 {
		opts.BatchSize = 5000
	}
	if opts.BatchInterval <= 0 {
		opts.BatchInterval = 500 * time.Millisecond
	}
	c := &crawl{st: st, opts: &opts, start: time.Now()}
	c.cps, _ = st.(store.Checkpointer)
	if c.cps != nil {
		// Number this crawl's messages after those an earlier crawl with
		// the same selection read: every shard of a crawl finds the same
		// place, since each counts the messages of all.
		last, err := c.cps.LastSeq(ctx, selection(c.opts))
		if err != nil {
			return c, err
		}
		c.first = last>>seqShift + 1
	}
	c.prog.TotalBytes = totalBytes(inputs)
	c.walk = &walker{opts: c.opts, bytes: &c.bytes, commits: &c.gitRead, cps: c.cps, sel: selection(c.opts)}
	total, err := c.walk.plan(ctx, inputs)
	if err != nil {
		return c, err
	}
	c.prog.TotalCommits = total
	return c, nil
}

// crawl is one run's pipeline: reader -> workers -> ordering writer ->
// committer. The committer runs the store transactions in a goroutine of
// its own, so that reading and parsing go on while a batch is written; it
// alone counts progress and calls OnProgress and OnFault.
type crawl struct {
	st      store.Store
	cps     store.Checkpointer // st, when it keeps checkpoints
	first   int64              // the reading position of the first item (store.Record.Seq >> seqShift)
	opts    *Options
	start   time.Time
	walk    *walker
	bytes   atomic.Int64
	gitRead atomic.Int64 // commits read, for progress
	prog    Progress     // the committer's, then run's once the committer is done

	budget *budget // raw bytes, runs' reservations and tables in flight
	// cores holds a token for each worker reading or decoding and for the
	// committer storing a batch into an in-process store: at most
	// Options.Workers of them run at once, so that n workers use n cores,
	// the store's share included. A server's Put (PostgreSQL) is mostly
	// waiting, and takes none.
	cores     chan struct{}
	inProcess bool

	cur     *batch
	commits chan *batch // batches in order, to the committer
	free    chan *batch // committed batches, back to the writer
	stored  chan error  // the committer's outcome
	cancel  context.CancelFunc
}

// batch is what the writer hands the committer: records in order and what
// the crawl met on the way to them.
type batch struct {
	recs                        []store.Record
	faults                      []Fault
	cps                         map[string]store.Checkpoint // the last of each input
	messages, filtered, decoded int64
	stored                      int64 // skipped before decoding as stored
	// bytes is the byte budget the batch's tables hold (result.bytes):
	// released once the batch is committed, when the tables are gone.
	bytes int64
}

func (b *batch) empty() bool {
	return len(b.recs) == 0 && len(b.faults) == 0 && b.messages == 0 && len(b.cps) == 0
}

func (b *batch) reset() {
	clear(b.recs)
	clear(b.faults)
	clear(b.cps)
	*b = batch{recs: b.recs[:0], faults: b.faults[:0], cps: b.cps}
}

// checkpoints lists the batch's checkpoints with the crawl's selection.
func (b *batch) checkpoints(sel string) []store.Checkpoint {
	out := make([]store.Checkpoint, 0, len(b.cps))
	for _, cp := range b.cps {
		cp.Selection = sel
		out = append(out, cp)
	}
	return out
}

func (c *crawl) run(parent context.Context, inputs []string) (Progress, error) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	c.cancel = cancel
	items := make(chan *item, 64)
	// A worker hands on the results of an item at once: one per message,
	// one per commit of a run.
	results := make(chan []*result, 64)
	tokens := newBudget(inFlight) // messages between the reader and the writer
	c.budget = newBudget(inFlightBytes)
	c.cores = make(chan struct{}, c.opts.Workers)
	_, c.inProcess = c.st.(store.InProcess)
	decoding := newBudget(inFlightBytes)

	var readErr error
	go func() {
		defer close(items)
		seq := int64(0)
		w := c.walk
		w.emit = func(it *item) error {
			if err := tokens.acquire(ctx, it.seqs()); err != nil {
				it.release()
				return err
			}
			if err := c.budget.acquire(ctx, it.budgeted()); err != nil {
				it.release()
				return err
			}
			it.seq = seq
			seq += it.seqs()
			select {
			case items <- it:
				return nil
			case <-ctx.Done():
				it.release()
				return ctx.Err()
			}
		}
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
			wk := &worker{ctx: ctx, opts: c.opts, first: c.first, decoding: decoding, bytes: &c.bytes, commits: &c.gitRead}
			defer wk.closeGit()
			for it := range items {
				c.cores <- struct{}{}
				var rs []*result
				if it.commits != nil {
					rs = wk.gitRun(it)
					c.budget.release(runReserve)
				} else {
					rs = []*result{wk.process(it)}
					it.release()
				}
				<-c.cores
				for _, r := range rs {
					if !r.holdsTables() {
						// What waits for its turn is a few small
						// records: the raw bytes are done with.
						c.budget.release(r.bytes)
						r.bytes = 0
					} else {
						// The raw bytes are done with; the tables,
						// many times their size, are held until
						// stored.
						n := tablesBytes(r.recs)
						c.budget.adjust(n - r.bytes)
						r.bytes = n
					}
				}
				select {
				case results <- rs:
				case <-ctx.Done():
				}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	// Two batches circulate, one filling while the other is committed, so
	// memory stays bounded by twice BatchSize small records.
	c.commits = make(chan *batch)
	c.free = make(chan *batch, 1)
	c.stored = make(chan error, 1)
	c.free <- &batch{recs: make([]store.Record, 0, c.opts.BatchSize), cps: map[string]store.Checkpoint{}}
	c.cur = &batch{recs: make([]store.Record, 0, c.opts.BatchSize), cps: map[string]store.Checkpoint{}}
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
	c.report()
	return c.prog, err
}

// write puts results in sequence order and hands full batches to the
// committer; it returns when the results end or the crawl is stopped.
func (c *crawl) write(ctx context.Context, results <-chan []*result, tokens *budget) error {
	pending := map[int64]*result{} // at most inFlight entries
	next := int64(0)
	tick := time.NewTicker(c.opts.BatchInterval)
	defer tick.Stop()
	for {
		// select picks at random among ready cases: without this check a
		// stopped crawl could go on taking results that are ready.
		if ctx.Err() != nil {
			return c.flush(true)
		}
		select {
		case rs, ok := <-results:
			if !ok {
				return c.flush(true)
			}
			for _, r := range rs {
				pending[r.seq] = r
			}
			taken := next
			for ctx.Err() == nil {
				r, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				next++
				c.take(r)
				// A batch holding half the byte budget in tables goes
				// to the committer at once: the reader waits for it.
				if len(c.cur.recs) >= c.opts.BatchSize || c.cur.bytes >= inFlightBytes/2 {
					if err := c.flush(true); err != nil {
						return err
					}
				}
			}
			tokens.release(next - taken)
		case <-tick.C:
			if err := c.flush(false); err != nil {
				return err
			}
		case <-ctx.Done():
			return c.flush(true)
		}
	}
}

// take queues a result's records, faults and counts.
func (c *crawl) take(r *result) {
	b := c.cur
	b.messages += r.messages
	b.stored += r.stored
	b.filtered += r.filtered
	b.decoded += r.decoded
	b.faults = append(b.faults, r.faults...)
	b.recs = append(b.recs, r.recs...)
	b.bytes += r.bytes
	if r.cp != nil && c.cps != nil {
		cp := *r.cp
		cp.Seq = position(c.first, r.seq)
		b.cps[cp.Input] = cp
	}
}

// flush hands the current batch to the committer; with wait it waits
// while the committer still writes the previous batch, without it (the
// periodic flush) it keeps filling the batch then. It runs even after ctx
// is stopped: what is in order is committed, so a resumed crawl repeats
// little. Its error is the committer's, once the committer has stopped on
// one.
func (c *crawl) flush(wait bool) error {
	if c.cur.empty() {
		return nil
	}
	var next *batch
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
	c.commits <- c.cur
	c.cur = next
	return nil
}

// commit stores the batches it is handed, each in one transaction, and
// reports progress after each; after a store error it stops the crawl
// and drops the batches still coming.
func (c *crawl) commit(ctx context.Context) {
	for b := range c.commits {
		var st store.PutStats
		var err error
		if c.inProcess {
			c.cores <- struct{}{}
		}
		switch {
		case len(b.cps) > 0:
			st, err = c.cps.PutCheckpoints(context.WithoutCancel(ctx), b.recs, b.checkpoints(c.walk.sel))
		case len(b.recs) > 0:
			st, err = c.st.Put(context.WithoutCancel(ctx), b.recs)
		}
		if c.inProcess {
			<-c.cores
		}
		c.budget.release(b.bytes)
		if err != nil {
			c.cancel()
			c.stored <- err
			for range c.commits {
			}
			return
		}
		c.prog.Messages += b.messages
		c.prog.Filtered += b.filtered
		c.prog.Decoded += b.decoded
		for _, f := range b.faults {
			if f.Warning {
				c.prog.Warnings++
			} else {
				c.prog.Faults++
			}
		}
		c.prog.Stored += int64(st.Messages)
		c.prog.Duplicates += int64(st.Duplicates) + b.stored
		c.prog.Tables += int64(st.Tables)
		c.prog.Folded += int64(st.Folded)
		if c.opts.OnFault != nil {
			for _, f := range b.faults {
				c.opts.OnFault(f)
			}
		}
		c.report()
		b.reset()
		c.free <- b
	}
	c.stored <- nil
}

// report passes the progress to OnProgress.
func (c *crawl) report() {
	c.prog.Bytes = c.bytes.Load()
	c.prog.Commits = c.gitRead.Load()
	c.prog.Elapsed = time.Since(c.start)
	if c.opts.OnProgress != nil {
		c.opts.OnProgress(c.prog)
	}
}
