package parse

import (
	"github.com/lkmlbench/lkmlbench/parse/internal/cell"
	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// Cells of several numbers are named by a legend outside them: a caption
// just above the grid ("Bandwidth and CPU usage (usr/sys):" over cells
// "1316MiB/s (12.65/55.40%)") or the title of their column ("base
// (real/user/sys)" over "10.36 / 0.35 / 9.92"). A person reads each
// number of such a cell as its own quantity, named by the legend; a cell
// under no legend keeps the reading it has without one.

// captionReach is how many blank lines may stand between a caption and
// the grid it names.
const captionReach = 2

// captionKey reads the legend of the caption just above line start: the
// first line that is not blank, at most captionReach blank lines up.
func captionKey(b *Block, start int) (cell.Key, bool) {
	for i, blank := start-1, 0; i >= 0 && blank <= captionReach; i-- {
		t := b.trim(i)
		if t == "" {
			blank++
			continue
		}
		if isGridRow(t) {
			return cell.Key{}, false
		}
		return cell.ReadKey(t)
	}
	return cell.Key{}, false
}

// gridKeys finds the legends that may name a grid's cells: the caption's
// and any cell's text that is one ("(real/user/sys)", "IOPS
// (read/write)").
func gridKeys(b *Block, r gridRegion) []cell.Key {
	var keys []cell.Key
	if k, ok := captionKey(b, r.start); ok {
		keys = append(keys, k)
	}
	for _, gl := range r.lines {
		for _, c := range gl.cells {
			if k, ok := cell.ReadKey(c.text); ok {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// keyedRow reports whether a cell after the first of a line reads as
// several numbers one of the legends names.
func keyedRow(gl gridLine, keys []cell.Key, style CommaStyle) bool {
	for _, c := range gl.cells[1:] {
		for _, k := range keys {
			if _, ok := k.Read(c.toks, style); ok {
				return true
			}
		}
	}
	return false
}

// columnKeys takes the legend out of each column's title and returns the
// legend that names each column's cells: its title's, else the
// caption's. Nil when no column has one.
func columnKeys(b *Block, r gridRegion, cols gridColumns) []cell.Key {
	caption, hasCaption := captionKey(b, r.start)
	var out []cell.Key
	for j := 1; j < len(cols); j++ {
		k, ok := titleKey(&cols[j])
		if !ok && !hasCaption {
			continue
		}
		if !ok {
			k = caption
		}
		if out == nil {
			out = make([]cell.Key, len(cols))
		}
		out[j] = k
	}
	return out
}

// titleKey reads a legend in a column's title and, when there is one,
// leaves in the title only the words before it: the variant or metric
// the column stands for.
func titleKey(c *column) (cell.Key, bool) {
	if k, ok := cell.ReadTitleKey(c.name); ok {
		c.name, c.lines = k.Before, nil
		if k.Before != "" {
			c.lines = []string{k.Before}
		}
		return k, true
	}
	return cell.Key{}, false
}

// keyedSlots reads the cell of column j by the column's legend when it
// names the cell's numbers, else as a cell under no legend (cellSlots).
func keyedSlots(keys []cell.Key, j int, ts []token.Token, style CommaStyle) ([]cell.Slot, bool) {
	if keys != nil {
		if ss, ok := keys[j].Read(ts, style); ok {
			return ss, true
		}
	}
	return cellSlots(ts, style)
}
