package export

import (
	"fmt"
	"io"
	"strings"

	"github.com/jedib0t/go-pretty/v6/table"
	"github.com/jedib0t/go-pretty/v6/text"

	"github.com/lkmlbench/lkmlbench/internal/termtext"
	"github.com/lkmlbench/lkmlbench/model"
)

// Grid is text in columns for a person reading a terminal: a header,
// rows, and which columns may be shortened (with "…") to fit a width and
// which hold numbers (aligned right).
type Grid struct {
	Header  []string
	Rows    [][]string
	Shrink  []int // column indexes that may be shortened, in order of preference
	Numeric []int // column indexes aligned right
}

// minShrunk is the narrowest a shortened column gets: below that its
// text says nothing.
const minShrunk = 8

// Write renders the grid with go-pretty, two spaces between columns and
// no borders; width > 0 shortens the Shrink columns, widest first, until
// each line fits in width characters (or they are all minShrunk wide).
// Empty cells show "-" so that the columns stay readable.
func (g Grid) Write(w io.Writer, width int) error {
	tw := table.NewWriter()
	style := table.StyleDefault
	style.Options = table.Options{}
	style.Box.PaddingLeft, style.Box.PaddingRight = "", "  "
	style.Format.Header = text.FormatDefault
	tw.SetStyle(style)
	header := make(table.Row, len(g.Header))
	for i, h := range g.Header {
		header[i] = h
	}
	tw.AppendHeader(header)
	widths := make([]int, len(g.Header))
	for i, h := range g.Header {
		widths[i] = text.StringWidth(h)
	}
	for _, r := range g.Rows {
		row := make(table.Row, len(r))
		for i, c := range r {
			c = dash(termtext.Visible(strings.Join(strings.Fields(c), " ")))
			row[i] = c
			widths[i] = max(widths[i], text.StringWidth(c))
		}
		tw.AppendRow(row)
	}
	var cfg []table.ColumnConfig
	for _, i := range g.Numeric {
		cfg = append(cfg, table.ColumnConfig{Number: i + 1, Align: text.AlignRight, AlignHeader: text.AlignRight})
	}
	for i, max := range fitWidths(widths, g.Shrink, width) {
		if max > 0 {
			cfg = append(cfg, table.ColumnConfig{Number: i + 1, WidthMax: max, WidthMaxEnforcer: ellipsis})
		}
	}
	tw.SetColumnConfigs(cfg)
	var b strings.Builder
	for _, line := range strings.Split(tw.Render(), "\n") {
		b.WriteString(strings.TrimRight(line, " "))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// fitWidths returns per column the width it is cut to, 0 for uncut.
func fitWidths(widths, shrink []int, width int) []int {
	caps := make([]int, len(widths))
	if width <= 0 {
		return caps
	}
	cur := append([]int(nil), widths...)
	total := func() int {
		n := 0
		for _, w := range cur {
			n += w + 2
		}
		return n - 2
	}
	for total() > width {
		widest := -1
		for _, i := range shrink {
			if cur[i] > minShrunk && (widest < 0 || cur[i] > cur[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			break
		}
		cur[widest] = max(minShrunk, cur[widest]-(total()-width))
		caps[widest] = cur[widest]
	}
	return caps
}

// ellipsis cuts text to maxLen characters, the last one "…".
func ellipsis(col string, maxLen int) string {
	if text.StringWidth(col) <= maxLen {
		return col
	}
	return text.Trim(col, maxLen-1) + "…"
}

// WriteTable writes records as aligned columns for a person reading a
// terminal, one line per number and a count at the end; width > 0 fits
// the lines to it by shortening the subject, series, author, variant and message
// columns. The machine formats are JSONL, CSV and Parquet.
func WriteTable(w io.Writer, obs []model.Observation, width int) error {
	g := Grid{
		Header: []string{"DATE", "SERIES", "V", "SUBJECT", "TABLE", "BENCHMARK", "CASE", "VARIANT", "FIELD",
			"VALUE", "IMPROVEMENT", "VERDICT", "AUTHOR", "MESSAGE"},
		Shrink:  []int{3, 1, 13, 12, 7},
		Numeric: []int{2, 9, 10},
	}
	for _, o := range obs {
		date := ""
		if o.Date != nil {
			date = o.Date.UTC().Format("2006-01-02")
		}
		imp := ""
		if o.ImprovementPct != nil {
			imp = string(*o.ImprovementPct) + "%"
		}
		g.Rows = append(g.Rows, []string{date, o.Series, intOrEmpty(o.SeriesVersion), o.Subject, o.Table,
			o.Benchmark, o.Case, o.Variant, o.Field, string(o.Value), imp, string(o.Verdict), o.Author, o.MessageID})
	}
	if err := g.Write(w, width); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%s\n", plural(len(obs), "number"))
	return err
}
