package normalize

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBuiltinList(t *testing.T) {
	bl := Default()
	require.NotEmpty(t, bl.Entries())
	for _, c := range []struct{ name, want string }{
		{"hackbench", "lower"}, {"schbench", "lower"}, {"cyclictest", "lower"},
		{"tbench", "higher"}, {"stream-10", "higher"}, {"ycsb-mongodb", "higher"},
		{"unixbench-syscall-512", "lower"}, {"unixbench-spawn-1", "higher"},
		{"perf bench sched messaging", "lower"}, {"sched pipe", "higher"},
		{"new-schbench-wakeup-latency", "lower"},
	} {
		b, ok := bl.Lookup(c.name)
		require.True(t, ok, c.name)
		assert.Equal(t, c.want, b.Direction, c.name)
	}
	_, ok := bl.Lookup("latency_nice")
	assert.False(t, ok, "a word inside an identifier is not a match")
}

func TestLoadBenchmarks(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.json")
	require.NoError(t, os.WriteFile(good, []byte(`[{"name": "Hackbench", "direction": "higher", "why": "ops"}, {"name": "mybench", "direction": "lower"}]`), 0o644))
	bl, err := LoadBenchmarks(good)
	require.NoError(t, err)
	b, _ := bl.Lookup("hackbench")
	assert.Equal(t, "higher", b.Direction, "a user entry replaces the built-in one")
	b, _ = bl.Lookup("mybench")
	assert.Equal(t, "lower", b.Direction)
	b, _ = bl.Lookup("tbench")
	assert.Equal(t, "higher", b.Direction, "the built-in entries stay")

	for name, text := range map[string]string{
		"bad direction": `[{"name": "x", "direction": "up"}]`,
		"empty name":    `[{"name": " ", "direction": "lower"}]`,
		"unknown key":   `[{"name": "x", "direction": "lower", "dir": 1}]`,
		"syntax":        "[\n{\"name\": \"x\",,}]",
	} {
		p := filepath.Join(dir, "bad.json")
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		_, err := LoadBenchmarks(p)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), p, name)
	}
	_, err = LoadBenchmarks(filepath.Join(dir, "missing.json"))
	assert.Error(t, err)
}
