package export

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

// TestWriteTable pins the aligned layout for the fixture, and checks that
// text which would break the columns is flattened.
func TestWriteTable(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, WriteTable(&buf, fixture().Observations(), 0))
	golden := filepath.Join("testdata", "fixture.table.golden")
	if *update {
		require.NoError(t, os.WriteFile(golden, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run go test ./export -update to create the golden files")
	assert.Equal(t, string(want), buf.String())

	for _, tc := range []struct {
		name string
		obs  []model.Observation
		want string
	}{
		{"none", nil, "DATE  SERIES  V  SUBJECT  TABLE  BENCHMARK  CASE  VARIANT  FIELD  VALUE  IMPROVEMENT  VERDICT  AUTHOR  MESSAGE\n0 numbers\n"},
		{"tab in case", []model.Observation{{Table: "t1", Case: "a\tb", Field: "value", Value: "1", MessageID: "m"}},
			"DATE  SERIES  V  SUBJECT  TABLE  BENCHMARK  CASE  VARIANT  FIELD  VALUE  IMPROVEMENT  VERDICT  AUTHOR  MESSAGE\n" +
				"-     -       -  -        t1     -          a b   -        value      1            -  -        -       m\n1 number\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			require.NoError(t, WriteTable(&buf, tc.obs, 0))
			assert.Equal(t, tc.want, buf.String())
		})
	}
}

// TestWriteTableWidth fits the fixture's lines to a terminal width by
// shortening the text columns, and leaves them whole without a width.
func TestWriteTableWidth(t *testing.T) {
	obs := fixture().Observations()
	for _, width := range []int{125, 150} {
		var buf bytes.Buffer
		require.NoError(t, WriteTable(&buf, obs, width))
		for _, line := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
			assert.LessOrEqual(t, utf8.RuneCountInString(line), width, line)
		}
		assert.Contains(t, buf.String(), "…")
	}
}
