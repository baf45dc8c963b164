package parse

import "testing"

// TestPerfSchedSeed002 reads the two wrapped perf sched traces of seed 002
// (quote depth 1) and holds them against gold tables t03 and t04.
func TestPerfSchedSeed002(t *testing.T) {
	const seed = "002_62c132f61a2e2525.txt"
	gold := seedGold(t, seed, "perf-sched")
	text := seedRebuilt(t, seed, "> I tried 2 bursty", "Hey Youssef", ">")
	seedCompare(t, gold, Tables(linesOf(text)), "perf-sched")
}
