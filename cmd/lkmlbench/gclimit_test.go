package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// TestFollowLiveHeap: the soft limit rises to 1.5 times a live heap
// larger than two thirds of it, never past the ceiling, and comes back once the heap
// is freed.
func TestFollowLiveHeap(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(old)
	const limit, ceiling = 16 << 20, 48 << 20
	debug.SetMemoryLimit(limit)
	stop := followLiveHeap(limit, ceiling)
	defer stop()

	// settled collects until the limit meets want (cleanups run in a
	// goroutine of their own, after the collection).
	settled := func(want func(int64) bool) int64 {
		var got int64
		for range 100 {
			runtime.GC()
			time.Sleep(5 * time.Millisecond)
			if got = debug.SetMemoryLimit(-1); want(got) {
				break
			}
		}
		return got
	}
	live := make([][]byte, 0, 64)
	for range 20 { // 20 MiB live: more than the limit
		live = append(live, make([]byte, 1<<20))
	}
	if got := settled(func(n int64) bool { return n >= 30<<20 }); got < 30<<20 || got > 36<<20 {
		t.Errorf("limit with 20 MiB live = %d MiB, want 30-36 MiB", got>>20)
	}
	for range 20 { // 40 MiB live: 1.5 times that passes the ceiling
		live = append(live, make([]byte, 1<<20))
	}
	if got := settled(func(n int64) bool { return n == ceiling }); got != ceiling {
		t.Errorf("limit with 40 MiB live = %d MiB, want the ceiling, 48 MiB", got>>20)
	}
	runtime.KeepAlive(live)
	live = nil
	if got := settled(func(n int64) bool { return n == limit }); got != limit {
		t.Errorf("limit once the heap is freed = %d MiB, want 16 MiB", got>>20)
	}
}
