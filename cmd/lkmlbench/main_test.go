package main

import (
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/lkmlbench/lkmlbench/internal/pgtest"
)

// update rewrites the expected output inside the txtar scripts:
// go test ./cmd/lkmlbench -update (then review the diff).
var update = flag.Bool("update", false, "rewrite the golden sections of testdata/script/*.txtar")

// TestMain also starts a PostgreSQL server for the tests of the shared
// store when LKMLBENCH_TEST_POSTGRES names none (see internal/pgtest).
func TestMain(m *testing.M) {
	testscript.Main(pgtest.WithServer(m), map[string]func(){
		"lkmlbench": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the CLI end to end on the scripts in testdata/script.
// Each script starts with thread.mbox (testdata/thread.mbox) in its work
// directory, $EXAMPLE naming the README's example thread and $SERIES the
// three-version series fixture (testdata/series.mbox); fetched threads are
// not cached.
func TestScripts(t *testing.T) {
	thread, err := os.ReadFile(filepath.Join("testdata", "thread.mbox"))
	if err != nil {
		t.Fatal(err)
	}
	example, err := filepath.Abs(filepath.Join("..", "..", "testdata", "example-thread.mbox"))
	if err != nil {
		t.Fatal(err)
	}
	series, err := filepath.Abs(filepath.Join("..", "..", "testdata", "series.mbox"))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("EXAMPLE", example)
			env.Setenv("SERIES", series)
			env.Setenv("LKMLBENCH_CACHE", "off")
			return os.WriteFile(filepath.Join(env.WorkDir, "thread.mbox"), thread, 0o644)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"junk": junk,
		},
	})
}

// junk FILE N writes N bytes of seeded random binary data to FILE, which a
// txtar archive cannot hold.
func junk(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: junk FILE N")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), b, 0o644))
}
