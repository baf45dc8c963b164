package main

import (
	"encoding/json"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/term"

	"github.com/lkmlbench/lkmlbench/export"
	"github.com/lkmlbench/lkmlbench/model"
)

// recordFormats are the --format values of commands that print records.
const recordFormats = "table,csv,jsonl,json,parquet"

// writeRecords writes records in a --format of recordFormats: table for
// reading (fitted to width when > 0), the others with exactly the keys of
// extract --format jsonl (json: one array).
func writeRecords(w io.Writer, obs []model.Observation, format string, width int) error {
	switch format {
	case "table":
		return export.WriteTable(w, obs, width)
	case "parquet":
		return export.WriteParquet(w, obs)
	case "json":
		if obs == nil {
			obs = []model.Observation{}
		}
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(obs)
	}
	rw, err := export.NewRecordWriter(w, export.Format(format))
	if err != nil {
		return err
	}
	if err := rw.Write(obs); err != nil {
		return err
	}
	return rw.Flush()
}

// termWidth is the width a table is fitted to: $COLUMNS when set, else
// the terminal's when w is one, else 0 (no limit, for pipes and files).
func termWidth(w io.Writer) int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if n, _, err := term.GetSize(int(f.Fd())); err == nil {
			return n
		}
	}
	return 0
}

// sortRecords orders records by a --sort key, reversed with desc; the
// sort is stable, so records of equal key keep table and row order, and
// records without the key (no date, no improvement) come last.
func sortRecords(obs []model.Observation, key string, desc bool) {
	cmp := func(a, b *model.Observation) int {
		switch key {
		case "date":
			switch {
			case a.Date == nil && b.Date == nil:
				return 0
			case a.Date == nil:
				return 1
			case b.Date == nil:
				return -1
			}
			return a.Date.Compare(*b.Date)
		case "benchmark":
			return strings.Compare(a.Benchmark, b.Benchmark)
		case "series":
			if c := strings.Compare(a.Series, b.Series); c != 0 {
				return c
			}
			return a.SeriesVersion - b.SeriesVersion
		case "improvement":
			switch {
			case a.ImprovementPct == nil && b.ImprovementPct == nil:
				return 0
			case a.ImprovementPct == nil:
				return 1
			case b.ImprovementPct == nil:
				return -1
			}
			x, y := a.ImprovementPct.Float(), b.ImprovementPct.Float()
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
		}
		return 0
	}
	slices.SortStableFunc(obs, func(a, b model.Observation) int {
		c := cmp(&a, &b)
		if desc && !missing(&a, key) && !missing(&b, key) {
			c = -c
		}
		return c
	})
}

// missing reports whether a record lacks the sort key.
func missing(o *model.Observation, key string) bool {
	switch key {
	case "date":
		return o.Date == nil
	case "improvement":
		return o.ImprovementPct == nil
	}
	return false
}
