package cell

import (
	"strings"

	"github.com/lkmlbench/lkmlbench/parse/internal/token"
)

// Key is a legend written outside the cells it names: in a caption over
// a table ("Bandwidth and CPU usage (usr/sys):") or in a column's title
// ("IOPS (read/write)", "lat (avg/p99) us", "[min/avg/max]"). A person
// reads each cell of several numbers under it by the legend: the numbers
// apart by '/' are, in order, the legend's names; a number written before
// a bracketed group the names belong to ("1316MiB/s (12.65/55.40%)") is
// the quantity the caption names before the legend ("Bandwidth").
type Key struct {
	Names []string // the legend's names, in order: "usr", "sys"
	// Head names a number written before the bracketed group the names
	// belong to: the caption's first words before the legend, as a field
	// ("bw" of "Bandwidth and CPU usage"); "" when the text names none.
	Head string
	// Before is the text before the legend: a column's variant or
	// metric ("IOPS"), a caption's words.
	Before string
	// Unit is the unit written after the legend ("us" of "lat (avg/p99)
	// us"), the unit of each named number written without one.
	Unit string
}

// ReadKey finds a legend in a caption or a column title: a bracketed
// list of two or more names apart by '/' ("(usr/sys)", "[min/avg/max]"),
// the text before it (its first quantity names a number outside the
// group) and a unit after it. ok is false for text that holds no legend
// (a unit in brackets, "(MiB/s)", names no numbers),
// or text after the legend other than a unit or ':'.
func ReadKey(text string) (Key, bool) {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), ":"))
	open := strings.IndexAny(t, "([")
	if open < 0 {
		return Key{}, false
	}
	closing := byte(')')
	if t[open] == '[' {
		closing = ']'
	}
	end := strings.IndexByte(t[open:], closing)
	if end < 0 {
		return Key{}, false
	}
	end += open
	inside := t[open+1 : end]
	names := Legend(inside)
	if names == nil || UnitFragment(inside) || token.UnitOf(strings.TrimSpace(inside)) != token.NoUnit {
		// "(MiB/s)": a unit, not the names of two numbers
		return Key{}, false
	}
	k := Key{Names: make([]string, len(names))}
	for i, n := range names {
		k.Names[i] = legendField(n)
	}
	if after := strings.TrimSpace(t[end+1:]); after != "" {
		if !UnitFragment(after) {
			return Key{}, false
		}
		k.Unit = strings.Trim(after, "()[]")
	}
	k.Before = strings.TrimSpace(t[:open])
	k.Head = headField(k.Before)
	return k, true
}

// legendField is the field a legend's name gives its number: a
// statistic's field ("avg", "p99", "Max" -> max), else the name as
// FieldName writes it ("usr", "read").
func legendField(name string) string {
	if f, ok := StatField(name); ok {
		return f
	}
	return FieldName(name)
}

// headField names the number a caption's text before its legend
// describes: its first quantity ("Bandwidth" of "Bandwidth and CPU
// usage"), a metric word, as MetricField writes it and "bandwidth" as
// "bw", the field fio and the gold schema give it.
func headField(before string) string {
	words := strings.Fields(before)
	if len(words) == 0 {
		return ""
	}
	w := strings.Trim(words[0], ",:;")
	if !MetricWord(w) {
		return ""
	}
	if f := MetricField(w); f != "bandwidth" {
		return f
	}
	return "bw"
}

// Read reads a cell of several numbers by the legend: "10.36 / 0.35 /
// 9.92" under "(real/user/sys)", "1316MiB/s (12.65/55.40%)" under
// "Bandwidth and CPU usage (usr/sys)". It returns one slot per number,
// each named, with its unit; ok is false for a cell whose numbers the
// legend does not name one for one (a single number, a count that
// differs, a change or spread beside them, keys or a legend of its own).
func (k Key) Read(ts []token.Token, style token.CommaStyle) ([]Slot, bool) {
	if len(ts) == 0 || len(k.Names) < 2 {
		return nil, false
	}
	for _, t := range ts {
		if !cellToken(t) {
			return nil, false
		}
	}
	text, base := piece(ts)
	r, ok := Parse(text, style)
	if !ok || r.Missing || r.Tuple || r.Approx || len(r.Legend) > 0 {
		return nil, false
	}
	mains := r.Mains()
	var names []string
	switch {
	case len(mains) == len(k.Names) && len(r.Figures) == len(mains):
		for i, m := range mains {
			if f := r.Figures[m]; f.Key != "" || i > 0 && f.Sep != "/" {
				return nil, false
			}
		}
		names = k.Names
	case len(mains) == 1 && len(r.Figures) == len(k.Names)+1 && r.Figures[0].Key == "":
		for _, f := range r.Figures[1:] {
			if f.Role != Member || f.Sep != "" && f.Sep != "/" {
				return nil, false
			}
		}
		head := k.Head
		if head == "" {
			head = "value"
		}
		names = append([]string{head}, k.Names...)
	default:
		return nil, false
	}
	slots := make([]Slot, len(r.Figures))
	for i, f := range r.Figures {
		s := Slot{Num: f.Num, Unit: f.Unit, Pct: f.Unit == "%", Name: names[i], Start: base + f.Start, End: base + f.End}
		if f.Mag > 0 || f.Unit != "" {
			s.Text = f.Text
		}
		if named := i > 0 || len(mains) > 1; named && s.Unit == "" {
			s.Unit = k.Unit // the unit after the legend is its names'
		}
		slots[i] = s
	}
	return slots, true
}

// Pair names the two numbers of a pair cell read under no legend
// ("41/230": a number and its second) by a legend of two names ("lat
// (avg/p99) us"). ok is false for any other cell or legend.
func (k Key) Pair(c Cell) ([]Slot, bool) {
	if len(k.Names) != 2 || len(c.Slots) != 1 || len(c.Slots[0].Extras) != 1 || c.Slots[0].Extras[0].Kind != "second" {
		return nil, false
	}
	first, second := c.Slots[0], c.Slots[0].Extras[0]
	first.Extras, first.Name, first.End = nil, k.Names[0], first.Start+len(first.Num)
	if first.Unit == "" {
		first.Unit = k.Unit
	}
	s := Slot{Num: second.Val, Unit: k.Unit, Name: k.Names[1], Start: first.End + 1, End: c.Slots[0].End}
	if second.Raw != second.Val {
		s.Text = second.Raw
	}
	return []Slot{first, s}, true
}

// ReadTitleKey reads a legend in a column title (ReadKey). A metric word
// that ends the words before the legend and follows a variant's name
// ("before lat (avg/p99) us") is the quantity the names are statistics
// or parts of: it leaves the variant and leads each name ("lat_avg").
func ReadTitleKey(title string) (Key, bool) {
	k, ok := ReadKey(title)
	if !ok {
		return k, false
	}
	words := strings.Fields(k.Before)
	if n := len(words); n >= 2 && MetricWord(words[n-1]) {
		metric := MetricField(words[n-1])
		names := make([]string, len(k.Names))
		for i, name := range k.Names {
			names[i] = metric + "_" + name
		}
		k.Names, k.Before = names, strings.Join(words[:n-1], " ")
	}
	return k, true
}
