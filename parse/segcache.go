package parse

import (
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"sync"

	"github.com/lkmlbench/lkmlbench/model"
)

// A thread quotes its tables again and again: every reply carries the
// text it answers, and a crawl reads each copy (on linux-pm the quoted
// segments are about a third of the parsers' time). What a segment gives
// depends on nothing outside it: its lines, their quote depth, author,
// kind, line numbers and offsets relative to its first line, and the row
// markers cut from them (the heading walk, the evidence checks and the
// covered lines all stay inside the segment). So the tables of a segment
// are kept by a digest of all of that, with positions relative to the
// segment, and a segment met again gives them back moved to where it
// lies. Segments a budget cut are read every time: their warnings name
// lines.

// segmentDigest identifies a segment's content and relative layout.
type segmentDigest [16]byte

// segmentTables is what a segment gave: its tables, positions relative to
// its first line.
type segmentTables struct {
	tables []model.Table
}

// maxSegments bounds the cache; a full cache starts again empty.
const maxSegments = 512

var segmentsRead = struct {
	mu sync.Mutex
	m  map[segmentDigest]*segmentTables
}{m: map[segmentDigest]*segmentTables{}}

// digest returns the segment's digest.
func (s *segment) digest() segmentDigest {
	h := sha256.New()
	var buf []byte
	no0, off0 := s.lines[0].No, s.lines[0].Offset
	for _, l := range s.lines {
		buf = buf[:0]
		buf = binary.AppendVarint(buf, int64(l.No-no0))
		buf = binary.AppendVarint(buf, l.Offset-off0)
		buf = binary.AppendVarint(buf, int64(l.Depth))
		buf = binary.AppendVarint(buf, int64(l.Kind))
		if l.PartStart {
			buf = append(buf, 1)
		} else {
			buf = append(buf, 0)
		}
		buf = binary.AppendUvarint(buf, uint64(len(l.Author)))
		buf = append(buf, l.Author...)
		buf = binary.AppendUvarint(buf, uint64(len(l.Text)))
		buf = append(buf, l.Text...)
		mark := s.marks[l.No]
		buf = binary.AppendUvarint(buf, uint64(len(mark)))
		buf = append(buf, mark...)
		h.Write(buf)
	}
	var d segmentDigest
	copy(d[:], h.Sum(nil))
	return d
}

// cachedTables returns the tables of a segment read before, moved to
// where this one lies.
func cachedTables(d segmentDigest, s *segment) ([]model.Table, bool) {
	segmentsRead.mu.Lock()
	r, ok := segmentsRead.m[d]
	segmentsRead.mu.Unlock()
	if !ok {
		return nil, false
	}
	return moved(r.tables, s.lines[0].No, s.lines[0].Offset), true
}

// keepTables keeps the tables a segment gave, relative to its first line.
func keepTables(d segmentDigest, s *segment, tables []model.Table) {
	r := &segmentTables{tables: moved(tables, -s.lines[0].No, -s.lines[0].Offset)}
	segmentsRead.mu.Lock()
	if len(segmentsRead.m) >= maxSegments {
		clear(segmentsRead.m)
	}
	segmentsRead.m[d] = r
	segmentsRead.mu.Unlock()
}

// placed reports whether every table and row of tables has its line and
// offset: a position left unset (0) would not move with its segment.
func placed(tables []model.Table) bool {
	for _, t := range tables {
		if t.StartLine == 0 || t.Offset == 0 {
			return false
		}
		for _, r := range t.Rows {
			if r.Line == 0 || r.Offset == 0 {
				return false
			}
		}
	}
	return true
}

// moved returns deep copies of tables with every line number moved by no
// and every offset by off: the copies share nothing with the originals,
// which later passes change.
func moved(tables []model.Table, no int, off int64) []model.Table {
	out := make([]model.Table, len(tables))
	for i, t := range tables {
		t.StartLine += no
		t.EndLine += no
		t.Offset += off
		t.Context = slices.Clone(t.Context)
		t.Variants = slices.Clone(t.Variants)
		t.Lead = slices.Clone(t.Lead)
		t.Rows = slices.Clone(t.Rows)
		for k := range t.Rows {
			r := &t.Rows[k]
			r.Line += no
			r.Offset += off
			r.Flags = slices.Clone(r.Flags)
			r.Cells = slices.Clone(r.Cells)
			for c := range r.Cells {
				r.Cells[c].Flags = slices.Clone(r.Cells[c].Flags)
				if p := r.Cells[c].ImprovementPct; p != nil {
					v := *p
					r.Cells[c].ImprovementPct = &v
				}
			}
		}
		out[i] = t
	}
	return out
}
