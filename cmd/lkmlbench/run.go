package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/alecthomas/kong"
)

// run parses args and runs the chosen command; it returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	var c cli
	exit := -1
	parser, err := kong.New(&c,
		kong.Name("lkmlbench"),
		kong.Description("Turn Linux kernel mailing-list threads into benchmark data."),
		kong.UsageOnError(),
		kong.Vars{"version": version},
		kong.Writers(stdout, stderr),
		kong.Exit(func(code int) { exit = code; panic(exitSignal{}) }),
	)
	if err != nil {
		fmt.Fprintf(stderr, "lkmlbench: %v\n", err)
		return 2
	}
	code := func() (code int) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(exitSignal); !ok {
					panic(r)
				}
				code = exit
			}
		}()
		ctx, err := parser.Parse(args)
		if err != nil {
			parser.Errorf("%v", err)
			return 2
		}
		if err := ctx.Run(); err != nil {
			if !errors.Is(err, errInputs) {
				fmt.Fprintf(stderr, "lkmlbench: %v\n", err)
			}
			return 1
		}
		return 0
	}()
	return code
}

// exitSignal unwinds kong's --help and --version exits into run's return
// value, so that tests can run the CLI in-process.
type exitSignal struct{}
