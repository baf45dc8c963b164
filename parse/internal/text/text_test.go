package text

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

func TestCanon(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		raw            []int // Raw of every canonical byte and of the end
	}{
		{"plain stays", "run  1.0", "run  1.0", []int{0, 1, 2, 3, 4, 5, 6, 7, 8}},
		{"trailing blanks go", "a 1   ", "a 1", []int{0, 1, 2, 3}},
		{"tab to its stop", "ab\t1", "ab      1", []int{0, 1, 2, 2, 2, 2, 2, 2, 3, 4}},
		{"tab on a stop is eight", "abcdefgh\t1", "abcdefgh        1", nil},
		{"tab after one column", "abcdefg\t1", "abcdefg 1", nil},
		{"tabs in a row", "\t\tx", "                x", nil},
		{"trailing tab goes", "x\t", "x", []int{0, 1}},
		{"no-break space", "a\u00a0\u00a01", "a  1", []int{0, 1, 3, 5, 6}},
		{"narrow and medium spaces", "a\u202f\u205f\u2009b", "a   b", nil},
		{"em and ideographic spaces are wide", "a\u2003b\u3000c", "a  b  c", []int{0, 1, 1, 4, 5, 5, 8, 9}},
		{"line separators part cells", "a\u2028b\u0085c\u2029d", "a  b  c  d", nil},
		{"other letters stay", "µs\t±1", "µs      ±1", nil},
		{"zero-width space stays", "a\u200bb", "a\u200bb", nil},
		{"only blanks", " \t\u00a0", "", []int{0}},
		{"tab counts columns, not bytes", "µ\tx", "µ       x", nil},
		{"underscores padding a grid's cells are blanks", "|__ext9_4k__|_ 71.5 __|_ 3.2 _*_|", "|  ext9_4k  |  71.5   |  3.2  * |", []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33}},
		{"a grid's underscore rule is blank", "|_______|____|", "|       |    |", nil},
		{"underscores in words and lone cells stay", "| frob_x | 1 |  |_tmp_|", "| frob_x | 1 |  |_tmp_|", nil},
		{"underscores in a tabbed grid", "|__a__\t|_1_|", "|  a    | 1 |", nil},
		{"a grid's underscores at a line's end go with its blanks", "|_a_|_1_|___", "| a | 1 |", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := Canon(tc.in)
			assert.Equal(t, tc.want, l.Text)
			if tc.raw != nil {
				var got []int
				for i := 0; i <= len(l.Text); i++ {
					got = append(got, l.Raw(i))
				}
				assert.Equal(t, tc.raw, got)
			}
			checkMap(t, tc.in, l)
		})
	}
}

func TestCanonAt(t *testing.T) {
	// behind "> " a tab after "ab" stops at screen column 8, column 6 of
	// the text
	assert.Equal(t, "ab    1", CanonAt("ab\t1", 2).Text)
	assert.Equal(t, "ab      1", CanonAt("ab\t1", 8).Text)
	// four blanks put in front of text typed with tabs
	assert.Equal(t, "    x       1", CanonAt("    x\t1", -4).Text)
}

func TestDedent(t *testing.T) {
	for _, tc := range []struct {
		name   string
		in     []string
		want   []string
		indent int
	}{
		{"common indentation removed", []string{"    a  1", "", "      b  2"}, []string{"a  1", "", "  b  2"}, 4},
		{"a line at the margin keeps all", []string{"  a", "b"}, []string{"  a", "b"}, 0},
		{"tab indentation", []string{"\ta 1", "\tb 2"}, []string{"a 1", "b 2"}, 8},
		{"blank lines only", []string{"", "  "}, []string{"", ""}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lines := make([]Line, len(tc.in))
			for i, s := range tc.in {
				lines[i] = Canon(s)
			}
			assert.Equal(t, tc.indent, Dedent(lines))
			var got []string
			for i, l := range lines {
				got = append(got, l.Text)
				checkMap(t, tc.in[i], l)
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestSegments(t *testing.T) {
	line := func(no int, text string, depth int, kind model.LineKind) model.Line {
		return model.Line{No: no, Text: text, Depth: depth, Kind: kind, Quote: 2 * depth}
	}
	body := []model.Line{
		line(1, "  intro", 0, model.KindText),
		line(2, "    base\t1.0", 0, model.KindText),
		line(3, "run 1", 1, model.KindText),
		line(4, "run 2", 1, model.KindText),
		line(5, "diff --git a/x b/x", 0, model.KindDiff),
		line(6, "after", 0, model.KindText),
		line(7, "part two", 0, model.KindText),
	}
	body[6].PartStart = true
	segs := Segments(body)
	require.Len(t, segs, 4)
	var got [][]string
	for _, s := range segs {
		var texts []string
		for _, l := range s.Lines {
			texts = append(texts, l.Text)
		}
		got = append(got, texts)
	}
	assert.Equal(t, [][]string{{"intro", "  base        1.0"}, {"run 1", "run 2"}, {"after"}, {"part two"}}, got)
	assert.Equal(t, 2, segs[0].Indent)
	assert.Equal(t, 2, segs[0].Lines[1].No)
	assert.Equal(t, 2, segs[0].Canon[1].Raw(0), "the map points past the indentation removed")
}

// TestSegmentTabStops: tabs count from the text after the quote markers, as
// the author typed them, unless the rows line up only at the stops of the
// screen (a reply re-tabbed after quoting).
func TestSegmentTabStops(t *testing.T) {
	quoted := func(texts ...string) []model.Line {
		var out []model.Line
		for i, s := range texts {
			out = append(out, model.Line{No: i + 1, Text: s, Depth: 1, Quote: 2})
		}
		return out
	}
	// typed with tabs, then quoted: behind "> " the tab after "abcdef"
	// would jump a stop further than the others
	typed := Segments(quoted("name\tvalue", "abcdef\t1.5", "ab\t2.5"))
	assert.Equal(t, []string{"name    value", "abcdef  1.5", "ab      2.5"}, texts(typed[0].Lines))
	// tabs written behind "> ": the stops of the screen line the rows up
	retabbed := Segments(quoted("name  value", "a\t1.5", "bb\t2.5"))
	assert.Equal(t, []string{"name  value", "a     1.5", "bb    2.5"}, texts(retabbed[0].Lines))
	// typed with tabs, then indented by four: the stops count from the
	// indentation
	var indented []model.Line
	for i, s := range []string{"    \tAVG\tSTDDEV", "    before\t2.03\t0.15", "    after\t2.73\t0.47"} {
		indented = append(indented, model.Line{No: i + 1, Text: s})
	}
	seg := Segments(indented)[0]
	assert.Equal(t, []string{"        AVG     STDDEV", "before  2.03    0.15", "after   2.73    0.47"}, texts(seg.Lines))
	assert.Equal(t, 4, seg.Indent)
	// the header lines up with the rows across the rule under it
	indented = indented[:0]
	for i, s := range []string{"    block\told\tnew", "    size\tMiB/s\tMiB/s", "    ------------", "    512\t181\t700", "    1k\t347\t1256"} {
		indented = append(indented, model.Line{No: i + 1, Text: s})
	}
	seg = Segments(indented)[0]
	assert.Equal(t, []string{"block   old     new", "size    MiB/s   MiB/s", "------------", "512     181     700", "1k      347     1256"}, texts(seg.Lines))
}

func texts(lines []model.Line) []string {
	var out []string
	for _, l := range lines {
		out = append(out, l.Text)
	}
	return out
}

// checkMap checks the byte map of l against its source s: every canonical
// byte comes from a byte of s, in order, copied bytes are the same byte,
// blanks come from blanks, and the end maps within s.
func checkMap(t *testing.T, s string, l Line) {
	t.Helper()
	last := -1
	for i := 0; i < len(l.Text); i++ {
		r := l.Raw(i)
		require.True(t, r >= 0 && r < len(s), "byte %d maps to %d, outside %q", i, r, s)
		require.GreaterOrEqual(t, r, last, "byte %d maps back before byte %d", i, i-1)
		last = r
		if l.Text[i] == s[r] {
			continue
		}
		require.Equal(t, byte(' '), l.Text[i], "byte %d of %q is neither copied nor a blank", i, l.Text)
		c, _ := utf8.DecodeRuneInString(s[r:])
		require.True(t, c == '\t' || c == '_' || spaceWidth(c) > 0, "blank %d of %q maps to %q", i, l.Text, c)
	}
	end := l.Raw(len(l.Text))
	require.True(t, end >= last && end <= len(s), "end maps to %d", end)
}

func FuzzCanon(f *testing.F) {
	for _, s := range []string{"|__a_b__|_1_|___", "|_\u00a0_|_x\t_|", "", "a\tb", "  x \u00a0 1\u3000", "µ\t\u2028x", "\t\t", "> >\t1", "\xc2", "\xe2\x80", "a\xe3\x80\x80"} {
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, s string, at int) {
		if at < -64 || at > 64 {
			at = 2
		}
		for _, l := range []Line{Canon(s), CanonAt(s, at)} {
			checkMap(t, s, l)
			again := Canon(l.Text)
			require.Equal(t, l.Text, again.Text, "canonical text is canonical")
			for i := 0; i <= len(l.Text); i++ {
				require.Equal(t, i, again.Raw(i), "the map of canonical text is the identity")
			}
			require.NotContains(t, l.Text, "\t")
			require.False(t, strings.HasSuffix(l.Text, " "))
			lines := []Line{l, Canon("  " + s)}
			Dedent(lines)
			checkMap(t, s, lines[0])
		}
	})
}
