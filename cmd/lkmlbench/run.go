package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"

	"github.com/alecthomas/kong"

	"github.com/lkmlbench/lkmlbench/export"
	"github.com/lkmlbench/lkmlbench/internal/termtext"
	"github.com/lkmlbench/lkmlbench/mbox"
)

// Exit statuses.
const (
	exitOK    = 0
	exitError = 1 // an input or the output failed; the rest was done
	exitUsage = 2 // the command line was wrong; nothing was done
)

const description = `Turn Linux kernel mailing-list threads into benchmark data.

lkmlbench reads mail in the forms kernel threads reach you in (mbox, lore's
t.mbox.gz, a raw message, a web-archive page, a digest, a Maildir), finds the
hand-made result tables in the message bodies and writes them as records.

Examples:

    lkmlbench extract thread.mbox
    lkmlbench extract --format jsonl thread.mbox > records.jsonl
    lkmlbench extract 20221116092104.12345-1-someone@example.org
    lkmlbench summary thread.mbox
    lkmlbench report -o report.html thread.mbox
    lkmlbench crawl --db results.db ~/lore/lkml/git/7.git
    lkmlbench query --db results.db --benchmark hackbench --sort improvement --limit 20
    lkmlbench series --db results.db 'latency nice'
    lkmlbench compare --baseline tip thread.mbox`

// errInputs marks a run where something could not be read or written but
// was already reported on standard error; it maps to exit status 1.
var errInputs = errors.New("some inputs could not be read")

// run parses args and runs the chosen command; it returns the exit status.
// It never calls os.Exit, so tests run the CLI in-process.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	mbox.Version = versionString()

	var c cli
	exit := -1
	parser, err := kong.New(&c,
		kong.Name("lkmlbench"),
		kong.Description(description),
		kong.Vars{
			"version":       "lkmlbench " + versionString(),
			"formats":       joinFormats(","),
			"formatsOr":     joinFormats(", "),
			"recordFormats": recordFormats,
			"loreBase":      mbox.DefaultLoreBase,
			"dbHelp":        dbHelp,
		},
		kong.Writers(stdout, stderr),
		kong.BindTo(ctx, (*context.Context)(nil)),
		kong.Exit(func(code int) { exit = code; panic(exitSignal{}) }),
	)
	if err != nil {
		fmt.Fprintf(stderr, "lkmlbench: %s\n", termtext.Visible(err.Error()))
		return exitUsage
	}
	return func() (code int) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(exitSignal); ok {
					code = exit
					return
				}
				// The library keeps a panic to the message it happened
				// in; one that gets here ends the run, as an error and
				// without a half-written output.
				pending.abortAll()
				internalError(stderr, r, debug.Stack())
				code = exitError
			}
		}()
		kctx, err := parser.Parse(args)
		if err != nil {
			var perr *kong.ParseError
			if errors.As(err, &perr) {
				kctx = perr.Context
			}
			usageError(parser, kctx, err)
			return exitUsage
		}
		notes := notes{stderr}
		if c.Quiet {
			notes.Writer = io.Discard
		}
		kctx.Bind(notes)
		if err := kctx.Run(); err != nil {
			var uerr usageErr
			switch {
			case errors.As(err, &uerr):
				usageError(parser, kctx, err)
				return exitUsage
			case !errors.Is(err, errInputs):
				fmt.Fprintf(stderr, "lkmlbench: %s\n", termtext.Visible(err.Error()))
			}
			return exitError
		}
		return exitOK
	}()
}

// internalError reports a panic on stderr; a report that panics in turn
// (a broken writer) is given up, since the exit status still says it.
func internalError(stderr io.Writer, r any, stack []byte) {
	defer func() { _ = recover() }()
	fmt.Fprintf(stderr, "lkmlbench: internal error (please report): %s\n%s", termtext.Visible(fmt.Sprint(r)), stack)
}

// usageErr is a command line that parses but makes no sense, found by a
// command's Run.
type usageErr string

func (e usageErr) Error() string { return string(e) }

// usageError reports a bad command line on standard error, with a pointer to
// --help rather than the whole help text, which would drown the message.
func usageError(parser *kong.Kong, kctx *kong.Context, err error) {
	parser.Errorf("%v", err)
	fmt.Fprintf(parser.Stderr, "Run \"%s --help\" for usage.\n", commandPath(kctx))
}

// commandPath names the (sub)command a command line selected, for the
// pointer to its --help.
func commandPath(kctx *kong.Context) string {
	var names []string
	if kctx != nil {
		for n := kctx.Selected(); n != nil; n = n.Parent {
			if n.Type == kong.CommandNode {
				names = append([]string{n.Name}, names...)
			}
		}
	}
	return strings.Join(append([]string{"lkmlbench"}, names...), " ")
}

// notes is where a command writes what is no error and no output asked
// for: warnings, progress and closing counts. -q/--quiet discards them;
// errors always go to standard error.
type notes struct{ io.Writer }

// exitSignal unwinds kong's --help and --version exits into run's return
// value.
type exitSignal struct{}

func joinFormats(sep string) string {
	names := make([]string, len(export.Formats))
	for i, f := range export.Formats {
		names[i] = string(f)
	}
	return strings.Join(names, sep)
}
