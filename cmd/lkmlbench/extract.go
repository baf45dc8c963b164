package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/alecthomas/kong"

	"github.com/lkmlbench/lkmlbench"
	"github.com/lkmlbench/lkmlbench/export"
	"github.com/lkmlbench/lkmlbench/internal/termtext"
	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/lkmlbench/lkmlbench/model"
	"github.com/lkmlbench/lkmlbench/normalize"
)

type extractCmd struct {
	Format          string        `short:"f" enum:"${formats}" default:"summary" help:"Output format: ${formatsOr}. jsonl is one record per number, json the whole document, table the records in columns, parquet the records as a Parquet file (needs -o)."`
	Output          string        `short:"o" placeholder:"FILE" help:"Write to FILE instead of standard output (written in full or not at all)."`
	KeepQuoted      bool          `help:"Export every quoted copy of a table with its own quote depth; by default a table quoted again in later replies is exported once."`
	Explain         bool          `help:"List every candidate block and what each table family made of it, on standard error."`
	Lore            []string      `placeholder:"ID|URL" sep:"none" help:"Also fetch the whole thread of this message id or lore URL from the archive (repeatable)."`
	LoreBase        string        `placeholder:"URL" default:"${loreBase}" help:"Archive that --lore fetches from (default ${default})."`
	Timeout         time.Duration `default:"30s" help:"Give up on a --lore thread after this long (download and reading together)."`
	Refresh         bool          `help:"Fetch threads again even when the cache holds them (the new download replaces the entry)."`
	MaxLineBytes    int           `default:"1048576" placeholder:"N" help:"Cut lines longer than N bytes, with a warning (default ${default})."`
	MaxMessageBytes int64         `default:"16777216" placeholder:"N" help:"Cut messages longer than N bytes, with a warning (default ${default})."`
	Check           bool          `help:"List on standard error every printed percentage that disagrees with its values (exit status 1 when any)."`
	Benchmarks      string        `placeholder:"FILE" type:"existingfile" help:"Better-direction list (JSON, as normalize/benchmarks.json) laid over the built-in one."`
	Inputs          []string      `arg:"" optional:"" name:"input" help:"Mail to read: mbox, mbox.gz, a message, a web-archive page (text or HTML), a digest, a Maildir or a folder of messages; - for standard input. The form is told by content, not by name. A message id or lore URL that names no file is fetched (whole thread, cached)."`
}

// Help is the long help of "lkmlbench extract --help".
func (c *extractCmd) Help() string {
	return `Reads every input in turn and writes the benchmark tables found in it. A
table quoted again in later replies is written once, from its least quoted
copy, attributed to the person who wrote it. Numbers in patches, signatures
and prose are never records.

An input that cannot be read is reported as "lkmlbench: FILE: reason" on
standard error; the other inputs are still read and written, and the exit
status is 1. Problems that do not stop the reading are reported as
"FILE:LINE: warning: ...". An empty input gives no records.

jsonl and csv records are written message by message, and memory does not
grow with the input; see "Limits and faults" in the README for the budgets.
A --lore fetch follows redirects only on the archive's own scheme and host.

Examples:

    lkmlbench extract testdata/example-thread.mbox
    lkmlbench extract --format jsonl thread.mbox > records.jsonl
    lkmlbench extract --format csv -o results.csv a.mbox b.eml
    curl -s https://lore.kernel.org/all/ID/raw | lkmlbench extract -f jsonl -
    lkmlbench extract --lore https://lore.kernel.org/lkml/ID/ --format json
    lkmlbench extract --explain reply.eml`
}

// Run reads every input, keeps going past a bad one, and returns errInputs
// when any failed.
//
// jsonl and csv stream: tables reach the output message by message, and
// the messages themselves are counted, not kept, so that memory stays flat
// however large the inputs. The summary keeps its tables (to align them
// and count their quoted copies) but not the messages; json is one
// document and holds it whole.
func (c *extractCmd) Run(ctx context.Context, k *kong.Context, n notes) error {
	if len(c.Inputs) == 0 && len(c.Lore) == 0 {
		return usageErr("no input: give FILE..., - for standard input, or --lore ID")
	}
	if c.Format == string(export.Parquet) && (c.Output == "" || c.Output == "-") {
		return usageErr("--format parquet writes a binary file: give -o FILE")
	}
	bl, err := loadBenchmarks(c.Benchmarks)
	if err != nil {
		return err
	}
	out, err := createOutput(c.Output, k.Stdout)
	if err != nil {
		return err
	}
	defer tuneGC()() // the crawl's memory limit: extract's live heap is as small
	opts := lkmlbench.Options{
		Benchmarks: bl,
		KeepQuoted: c.KeepQuoted,
		Explain:    c.Explain,
		Mail:       mbox.Options{MaxLineBytes: c.MaxLineBytes, MaxMessageBytes: c.MaxMessageBytes},
	}
	r := &extractRun{cmd: c, stderr: k.Stderr, notes: n}
	format := export.Format(c.Format)
	switch {
	case format.Streams():
		rw, err := export.NewRecordWriter(out, format)
		if err != nil {
			out.abort()
			return err
		}
		r.records = rw
		opts.Stream = r.take
	case format == export.Summary:
		opts.Lean = true
	}
	ex := lkmlbench.New(opts)
	r.ex = ex

	for _, in := range c.Inputs {
		r.done(addInput(ctx, ex, in, c.LoreBase, c.Refresh))
		if err := r.progress(out); err != nil {
			out.abort()
			return err
		}
	}
	for _, id := range c.Lore {
		r.done(c.fetchLore(ctx, ex, id))
		if err := r.progress(out); err != nil {
			out.abort()
			return err
		}
	}

	if err := ex.Flush(); err != nil {
		out.abort()
		return err
	}
	doc := ex.Document()
	switch {
	case r.records != nil:
		err = r.records.Flush()
	case format == export.Summary:
		err = export.WriteSummaryCounts(out, doc.Tables, export.Counts{Messages: ex.MessageCount(), Inputs: len(doc.Sources), Warnings: len(doc.Warnings)})
		r.mismatches = append(r.mismatches, normalize.Check(doc)...)
	case format == export.Table && c.Output == "":
		err = export.WriteTable(out, doc.Observations(), termWidth(k.Stdout))
		r.mismatches = append(r.mismatches, normalize.Check(doc)...)
	default:
		err = export.Write(out, doc, format)
		r.mismatches = append(r.mismatches, normalize.Check(doc)...)
	}
	if err == nil {
		err = out.commit()
	}
	if err != nil {
		out.abort()
		return err
	}
	if c.Check && len(r.mismatches) > 0 {
		for _, m := range r.mismatches {
			fmt.Fprintf(k.Stderr, "%s: pct_mismatch: %s\n", termtext.Visible(position(m)), termtext.Visible(m.Message))
		}
		return errInputs
	}
	if r.failed {
		return errInputs
	}
	return nil
}

// fetchLore downloads one thread and reads it. One deadline, --timeout,
// covers the download and the reading, which streams from the connection:
// a thread that decodes without end is stopped like a slow server.
func (c *extractCmd) fetchLore(ctx context.Context, ex *lkmlbench.Extractor, id string) error {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	name, body, err := openThread(ctx, c.LoreBase, id, c.Refresh)
	if err != nil {
		return fmt.Errorf("%s: %w", id, err)
	}
	defer body.Close()
	err = ex.AddReader(ctx, name, body)
	switch {
	case err != nil && ctx.Err() != nil:
		return fmt.Errorf("%s: %s: gave up after --timeout %s (download and reading): %w", id, name, c.Timeout, ctx.Err())
	case err != nil:
		return fmt.Errorf("%s: %w", id, err)
	}
	return nil
}

// extractRun is the state of one extract run between inputs.
type extractRun struct {
	cmd        *extractCmd
	ex         *lkmlbench.Extractor
	stderr     io.Writer
	notes      io.Writer           // warnings
	records    export.RecordWriter // jsonl and csv
	warnings   int                 // warnings already reported
	mismatches []model.Warning
	failed     bool
	explains   int // explanations already listed
}

// take receives the tables and warnings a streaming Extractor settled:
// warnings go to standard error at once, tables to the record writer.
func (r *extractRun) take(tables []model.Table, warnings []model.Warning) error {
	for _, w := range warnings {
		fmt.Fprintf(r.notes, "%s: warning: %s\n", termtext.Visible(position(w)), termtext.Visible(w.Message))
	}
	if len(tables) == 0 {
		return nil
	}
	if r.cmd.Check {
		r.mismatches = append(r.mismatches, normalize.Check(&model.Document{Tables: tables})...)
	}
	var obs []model.Observation
	for i := range tables {
		obs = tables[i].AppendObservations(obs)
	}
	return r.records.Write(obs)
}

// done reports an input's error, if any, on standard error.
func (r *extractRun) done(err error) {
	if err == nil {
		return
	}
	r.failed = true
	if errors.Is(err, context.Canceled) {
		err = fmt.Errorf("interrupted: %w", err)
	}
	fmt.Fprintf(r.stderr, "lkmlbench: %s\n", termtext.Visible(err.Error()))
}

// progress reports what the last input added: its warnings (streaming
// runs report them as they come), its --explain listing, and for
// streaming formats flushes the records written.
func (r *extractRun) progress(out *output) error {
	if r.records == nil {
		doc := r.ex.Document()
		for _, w := range doc.Warnings[r.warnings:] {
			fmt.Fprintf(r.notes, "%s: warning: %s\n", termtext.Visible(position(w)), termtext.Visible(w.Message))
		}
		r.warnings = len(doc.Warnings)
	}
	if r.cmd.Explain {
		all := r.ex.Explanations()
		writeExplain(r.stderr, all[r.explains:])
		r.explains = len(all)
	}
	if r.records == nil {
		return nil
	}
	return out.Flush()
}

// position renders a warning's place as file:line or file: offset N.
func position(w model.Warning) string {
	switch {
	case w.Line > 0:
		return fmt.Sprintf("%s:%d", w.Source, w.Line)
	case w.Offset > 0:
		return fmt.Sprintf("%s: offset %d", w.Source, w.Offset)
	}
	return w.Source
}
