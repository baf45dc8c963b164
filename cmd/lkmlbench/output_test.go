package main

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeOutput writes text to path through createOutput and commits it.
func writeOutput(t *testing.T, path, text string) {
	t.Helper()
	o, err := createOutput(path, io.Discard)
	require.NoError(t, err)
	_, err = o.WriteString(text)
	require.NoError(t, err)
	require.NoError(t, o.commit())
}

// TestOutputLikeRedirection: -o treats its path as a shell redirection
// would: symlinks are followed, special files are written in place, the
// mode of a replaced file is kept and a new file honours the umask.
func TestOutputLikeRedirection(t *testing.T) {
	t.Run("symlink", func(t *testing.T) {
		dir := t.TempDir()
		target := filepath.Join(dir, "real.csv")
		link := filepath.Join(dir, "link.csv")
		require.NoError(t, os.WriteFile(target, []byte("old"), 0o644))
		require.NoError(t, os.Symlink("real.csv", link))
		writeOutput(t, link, "new")
		li, err := os.Lstat(link)
		require.NoError(t, err)
		assert.NotZero(t, li.Mode()&os.ModeSymlink, "the link stays a link")
		got, err := os.ReadFile(target)
		require.NoError(t, err)
		assert.Equal(t, "new", string(got))
	})
	t.Run("dangling symlink", func(t *testing.T) {
		dir := t.TempDir()
		link := filepath.Join(dir, "link.csv")
		require.NoError(t, os.Symlink("made.csv", link))
		writeOutput(t, link, "new")
		got, err := os.ReadFile(filepath.Join(dir, "made.csv"))
		require.NoError(t, err)
		assert.Equal(t, "new", string(got))
	})
	t.Run("fifo", func(t *testing.T) {
		fifo := filepath.Join(t.TempDir(), "pipe")
		require.NoError(t, syscall.Mkfifo(fifo, 0o600))
		read := make(chan string)
		go func() {
			f, err := os.Open(fifo)
			if err != nil {
				read <- err.Error()
				return
			}
			b, _ := io.ReadAll(f)
			f.Close()
			read <- string(b)
		}()
		writeOutput(t, fifo, "through the pipe")
		assert.Equal(t, "through the pipe", <-read)
		st, err := os.Lstat(fifo)
		require.NoError(t, err)
		assert.NotZero(t, st.Mode()&os.ModeNamedPipe, "the FIFO is not replaced")
	})
	t.Run("device", func(t *testing.T) {
		writeOutput(t, os.DevNull, "discarded")
		st, err := os.Stat(os.DevNull)
		require.NoError(t, err)
		assert.NotZero(t, st.Mode()&os.ModeCharDevice, "/dev/null stays a device")
	})
	t.Run("existing mode kept", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "out.csv")
		require.NoError(t, os.WriteFile(path, []byte("old"), 0o600))
		require.NoError(t, os.Chmod(path, 0o640))
		writeOutput(t, path, "new")
		st, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o640), st.Mode().Perm())
	})
	t.Run("umask", func(t *testing.T) {
		old := syscall.Umask(0o027)
		defer syscall.Umask(old)
		path := filepath.Join(t.TempDir(), "out.csv")
		writeOutput(t, path, "new")
		st, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o640), st.Mode().Perm())
	})
	t.Run("directory", func(t *testing.T) {
		_, err := createOutput(t.TempDir(), io.Discard)
		assert.ErrorContains(t, err, "is a directory")
	})
}
