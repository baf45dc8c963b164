package mbox

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLooksQP(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"soft breaks and escapes", "iodepth=3D128\nrow 1523.4=\n0 671.2\n", true},
		{"high-byte escapes", "1.04 (=C2=B1 0.8%)\n", true},
		{"two soft breaks", "a long line=\n that goes on=\n and on\n", true},
		{"config assignments", "CONFIG_HZ=250\nCONFIG_NR_CPUS=512\n", false},
		{"prose with equals", "a = b and c=d=\n", false},
		{"hex mask", "mask=0xFF, val=1A\n", false},
		{"one escape only", "x=3D\n", false},
		{"no equals", "plain text 1 2 3\n", false},
		{"lower-case hex is not QP", "a=3d b=20\n", false},
		{"tool settings of numbers", "  read: IOPS=20.5k, BW=80.1MiB/s (84.0MB/s)\n", false},
		{"numbers after high pairs", "lat=95.2 cpu=88.1\n", false},
		{"a blank kept at the end", "base 1.0=20\npatched 2.0=20\n", true},
		{"a Latin-1 letter in a word", "caf=E9 au lait\nna=EFve\n", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, looksQP([]byte(tc.in)))
		})
	}
}

func TestUnflow(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		delsp bool
		want  []string
	}{
		{"soft break joined", "a long \nline\nnext\n", false, []string{"a long line", "next"}},
		{"delsp drops the space", "a long \nline\n", true, []string{"a longline"}},
		{"space-stuffing removed", "  kernel  1.0 \n   2.0\n From here\n", false, []string{" kernel  1.0   2.0", "From here"}},
		{"signature separator stays", "-- \nAnn\n", false, []string{"-- ", "Ann"}},
		{"no join across depths", "> quoted \nreply\n", false, []string{"quoted ", "reply"}},
		{"quoted soft break", "> a \n> b\n", false, []string{"a b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lines := unflow(splitLines(tc.in, 1, 0), tc.delsp)
			assert.Equal(t, tc.want, texts(lines))
			assert.Equal(t, 1, lines[0].No)
		})
	}
}

func TestMimeHTMLText(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"table rows as pipe lines", "<table><tr><th>a</th><th>b</th></tr><tr><td>1.5</td><td><p>2.5</p></td></tr></table>", "| a | b |\n| 1.5 | 2.5 |\n"},
		{"layout table renders as blocks", "<table><tr><td><table><tr><td>x</td><td>1</td></tr></table></td></tr></table>", "| x | 1 |\n"},
		{"inline tags keep word spaces", "<p>old <b>text</b> here</p>", "old text here\n"},
		{"blockquote quotes", "<div>me</div><blockquote>you<br>too<blockquote>him</blockquote></blockquote>", "me\n> you\n> too\n>> him\n"},
		{"pre keeps lines", "<pre>a  1\nb  2</pre>", "a  1\nb  2\n"},
		{"script and style vanish", "<style>p{}</style><script>x=1</script><p>ok&nbsp;1</p>", "ok 1\n"},
		{"nbsp runs keep alignment", "<div>name&nbsp;&nbsp;&nbsp; base&nbsp;&nbsp; new</div>\n<div><br></div>\n<div>&nbsp;&nbsp; run&nbsp;&nbsp;&nbsp; 12.5&nbsp; 13.0</div>", "name    base   new\n\n   run    12.5  13.0\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, mimeHTMLText(tc.in))
		})
	}
}
