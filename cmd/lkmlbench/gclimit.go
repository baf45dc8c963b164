package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

// followLiveHeap keeps the soft memory limit at 1.5 times the live heap,
// at least limit and at most ceiling, checking after every collection, until
// stop is called. The limit tuneGC sets fits a crawl of ordinary mail,
// whose live heap is 15-30 MB. Tables of thousands of rows hold
// megabytes each until they are stored (a 5,000-row table about 8 MB),
// and with the live heap near the limit the collector ran back to back:
// a crawl of 200 messages of 5,000-row tables spent 46% of its CPU
// collecting and took 2.1-3.3x the CPU of extract on the same mail
// (BENCHMARKS.md, "Large tables in the crawl"). Memory then follows what
// is live, as it must, never past ceiling; where the live heap stays
// under two thirds of the limit (ordinary mail) the limit is the one
// given. Twice the live heap cost the same CPU here but raised the peak
// of the linux-pm epoch from 133 to 162 MB, past the 150 MB a crawl of
// real mail is held to (its few large logs are live briefly).
func followLiveHeap(limit, ceiling int64) (stop func()) {
	var stopped atomic.Bool
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		// A sentinel with a pointer: the tiny allocator, whose objects
		// may never be cleaned up, takes only pointer-free ones.
		s := &struct {
			_ *byte
			_ [16]byte
		}{}
		runtime.AddCleanup(s, func(struct{}) {
			if stopped.Load() {
				return
			}
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 {
				live := int64(sample[0].Value.Uint64())
				debug.SetMemoryLimit(min(max(limit, live*3/2), ceiling))
			}
			arm()
		}, struct{}{})
	}
	arm()
	return func() { stopped.Store(true) }
}
