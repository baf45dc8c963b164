package cell

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestKeysRuns(t *testing.T) {
	// each row "label key", the key read as a slot ("4k" has a unit)
	rows := func(s string) ([]string, []Slot) {
		var labels []string
		var keys []Slot
		for _, r := range strings.Split(s, ",") {
			f := strings.Fields(r)
			labels = append(labels, f[0])
			k := Slot{Num: f[1]}
			if u := strings.TrimLeft(f[1], "0123456789"); u != "" {
				k = Slot{Num: strings.TrimSuffix(f[1], u), Unit: u}
			}
			keys = append(keys, k)
		}
		return labels, keys
	}
	for _, tc := range []struct {
		name, rows string
		want       bool
	}{
		{"the same counts under each label", "map 1,map 2,map 4,unmap 1,unmap 2,unmap 4", true},
		{"a key written twice is a slip", "map 1,map 2,map 2,map 4,unmap 1,unmap 2,unmap 4", true},
		{"one label is no run of labels", "map 1,map 2,map 4", false},
		{"a label of one row", "map 1,map 2,unmap 1", false},
		{"a label back after another", "map 1,map 2,unmap 1,unmap 2,map 4,map 8", false},
		{"keys that fall within a run", "map 4,map 2,unmap 4,unmap 2", false},
		{"keys that stay put", "map 3,map 3,unmap 3,unmap 3", false},
		{"runs over other keys", "map 1,map 2,map 4,unmap 16,unmap 32,unmap 64", false},
		{"keys with a unit are measurements", "map 1k,map 2k,unmap 1k,unmap 2k", false},
	} {
		labels, keys := rows(tc.rows)
		assert.Equal(t, tc.want, KeysRuns(labels, keys), tc.name)
	}
}
