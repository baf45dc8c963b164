package parse

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lkmlbench/lkmlbench/mbox"
	"github.com/stretchr/testify/assert"
)

// TestMultiNumberCells: a table whose cells hold more than one number
// (issue 17 item 4) gives one record per part, each named and with its
// own unit on the record (Observation.Unit); invented tables.
func TestMultiNumberCells(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       []string // case|variant|field|value|unit|flags, among the records
	}{
		{"units", `
test      before                 after
copy      8.2 s, 41.7 MB/s       7.9 s, 43.3 MB/s
move      4.1 s, 83.4 MB/s       4.0 s, 85.5 MB/s
`, []string{"copy|before|time|8.2|s|", "copy|before|rate|41.7|MB/s|", "move|after|rate|85.5|MB/s|"}},
		{"legend", `
step      before                                 after
build     5.12s / 0.24s / 4.80s (wall/user/kernel)   5.02s / 0.22s / 4.71s (wall/user/kernel)
link      2.30s / 0.10s / 2.15s (wall/user/kernel)   2.28s / 0.11s / 2.12s (wall/user/kernel)
`, []string{"build|before|wall|5.12|s|", "build|after|kernel|4.71|s|", "link|before|user|0.10|s|"}},
		{"keys", `
job        before                     after
seqread    IOPS=9.5k, BW=7.1MiB/s     IOPS=8.1k, BW=6.2MiB/s
seqwrite   IOPS=5.2k, BW=4.5MiB/s     IOPS=5.0k, BW=4.4MiB/s
`, []string{"seqread|before|iops|9500|IOPS|", "seqread|after|bw|6.2|MiB/s|", "seqwrite|after|iops|5000|IOPS|"}},
		{"approx", `
test       before    after
objects    ~31M      ~27M
inodes     ~14M      ~13M
`, []string{"objects|before|value|31000000||approx", "inodes|after|value|13000000||approx"}},
		{"glued rate", `
test       before    after
read       2.75G/s   2.91G/s
write      1.05G/s   1.12G/s
`, []string{"read|before|value|2.75|G/s|", "write|after|value|1.12|G/s|"}},
		{"grid", `
| job       | before                  | after                   |
|-----------|-------------------------|-------------------------|
| seqread   | IOPS=9.5k, BW=7.1MiB/s  | IOPS=8.1k, BW=6.2MiB/s  |
| seqwrite  | IOPS=5.2k, BW=4.5MiB/s  | IOPS=5.0k, BW=4.4MiB/s  |
| objects   | ~31M                    | ~27M                    |
`, []string{"seqread|before|iops|9500|IOPS|", "seqwrite|after|bw|4.4|MiB/s|", "objects|after|value|27000000||approx"}},
		{"size labels", `
bs       before    after
4k       221.5     230.8
64k      512.0     515.6
`, []string{"4k|before|value|221.5||", "64k|after|value|515.6||"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, tab := range Tables(mbox.BodyLines(c.body, 1, 0, "A. Author")) {
				for _, o := range tab.AppendObservations(nil) {
					got = append(got, fmt.Sprintf("%s|%s|%s|%s|%s|%s", o.Case, o.Variant, o.Field, o.Value, o.Unit, strings.Join(o.Flags, ",")))
				}
			}
			for _, w := range c.want {
				assert.Contains(t, got, w)
			}
		})
	}
}
