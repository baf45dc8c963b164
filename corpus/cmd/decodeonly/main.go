// Command decodeonly is the yardstick of the crawl's speed: it reads an
// archive as the crawl reads it (an mbox split by mbox.RawScanner, or a
// public-inbox epoch's message blobs listed by git rev-list and read by
// one git cat-file --batch) and decodes every message with go-message
// alone: mail.CreateReader, and every part's body read to its end through
// its transfer encoding and charset. Nothing is parsed for tables or
// stored. scripts/bench.sh times it beside the crawl in the same run, so
// that the crawl's CPU per MB is stated as a ratio to what merely decoding
// the same mail costs.
//
//	go run ./corpus/cmd/decodeonly ARCHIVE...
//
// An archive is an mbox, an mbox.gz, a bare git epoch (N.git) or an inbox
// holding git/N.git. It prints one line: messages, MB, parts, messages
// go-message could not read, and the wall time.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // every charset the crawl decodes
	"github.com/emersion/go-message/mail"

	"github.com/lkmlbench/lkmlbench/mbox"
)

func main() {
	workers := flag.Int("workers", runtime.NumCPU(), "decoding goroutines")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: decodeonly [-workers N] ARCHIVE...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	start := time.Now()
	var total tally
	for _, path := range flag.Args() {
		t, err := decodeArchive(path, *workers)
		total.add(t)
		if err != nil {
			fmt.Fprintf(os.Stderr, "decodeonly: %s: %v\n", path, err)
			os.Exit(1)
		}
	}
	fmt.Printf("decodeonly: %d messages, %.1f MB, %d parts, %d unreadable, in %.2fs\n",
		total.messages, float64(total.bytes)/1e6, total.parts, total.failed, time.Since(start).Seconds())
}

// tally counts what was decoded.
type tally struct{ messages, bytes, parts, failed int64 }

func (t *tally) add(o tally) {
	t.messages += o.messages
	t.bytes += o.bytes
	t.parts += o.parts
	t.failed += o.failed
}

// decodeArchive feeds every message of the archive at path to workers
// decoding goroutines.
func decodeArchive(path string, workers int) (tally, error) {
	msgs := make(chan []byte, 4*workers)
	results := make(chan tally, workers)
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var t tally
			for m := range msgs {
				t.add(decode(m))
			}
			results <- t
		}()
	}
	err := read(path, func(m []byte) { msgs <- m })
	close(msgs)
	wg.Wait()
	close(results)
	var total tally
	for t := range results {
		total.add(t)
	}
	return total, err
}

// decode reads one message as a mail reader would show it.
func decode(data []byte) tally {
	t := tally{messages: 1, bytes: int64(len(data))}
	r, err := mail.CreateReader(bytes.NewReader(data))
	if err != nil && !message.IsUnknownCharset(err) {
		t.failed++
		return t
	}
	for {
		p, err := r.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil && !message.IsUnknownCharset(err) {
			t.failed++
			break
		}
		t.parts++
		if _, err := io.Copy(io.Discard, p.Body); err != nil {
			t.failed++
			break
		}
	}
	return t
}

// read calls fn with every message of the archive, each in its own slice.
func read(path string, fn func([]byte)) error {
	if epochs := gitEpochs(path); len(epochs) > 0 {
		for _, e := range epochs {
			if err := readGit(e, fn); err != nil {
				return err
			}
		}
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = bufio.NewReaderSize(f, 1<<20)
	if gz, err := gzip.NewReader(r); err == nil {
		r = gz
	} else if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	} else {
		r = bufio.NewReaderSize(f, 1<<20)
	}
	sc := mbox.NewRawScanner(r)
	for sc.Scan() {
		fn(bytes.Clone(sc.Message().Data))
	}
	return sc.Err()
}

// gitEpochs lists the git epochs path holds: itself when it is a bare git
// directory, else its git/N.git in the order of N.
func gitEpochs(path string) []string {
	if isGitDir(path) {
		return []string{path}
	}
	found, _ := filepath.Glob(filepath.Join(path, "git", "*.git"))
	num := func(p string) int {
		n, _ := strconv.Atoi(filepath.Base(p[:len(p)-len(".git")]))
		return n
	}
	sort.Slice(found, func(i, j int) bool { return num(found[i]) < num(found[j]) })
	var out []string
	for _, e := range found {
		if isGitDir(e) {
			out = append(out, e)
		}
	}
	return out
}

func isGitDir(p string) bool {
	_, errH := os.Stat(filepath.Join(p, "HEAD"))
	_, errO := os.Stat(filepath.Join(p, "objects"))
	return errH == nil && errO == nil
}

// readGit reads the blob m of every commit of the epoch, oldest first, as
// the crawl's git reader does: the blob ids from one rev-list --objects,
// the blobs from one cat-file --batch, both streaming.
func readGit(repo string, fn func([]byte)) error {
	list := exec.Command("git", "-C", repo, "rev-list", "--objects", "--in-commit-order", "--missing=print", "HEAD")
	out, err := list.Output()
	if err != nil {
		return fmt.Errorf("git rev-list: %w", err)
	}
	// rev-list prints newest first and each commit before its objects;
	// the blob named m after a commit is its message.
	var blobs []string
	for line := range bytes.Lines(out) {
		line = bytes.TrimRight(line, "\n")
		if len(line) > 41 && string(line[40:]) == " m" {
			blobs = append(blobs, string(line[:40]))
		}
	}
	cat := exec.Command("git", "-C", repo, "cat-file", "--batch")
	in, err := cat.StdinPipe()
	if err != nil {
		return err
	}
	answers, err := cat.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cat.Start(); err != nil {
		return err
	}
	go func() {
		w := bufio.NewWriter(in)
		for i := len(blobs) - 1; i >= 0; i-- {
			fmt.Fprintln(w, blobs[i])
		}
		w.Flush()
		in.Close()
	}()
	br := bufio.NewReaderSize(answers, 1<<20)
	for range blobs {
		head, err := br.ReadString('\n')
		if err != nil {
			return fmt.Errorf("git cat-file: %w", err)
		}
		var id, kind string
		var size int
		if n, _ := fmt.Sscanf(head, "%s %s %d", &id, &kind, &size); n != 3 {
			continue // "<id> missing": the crawl counts it as a fault
		}
		data := make([]byte, size)
		if _, err := io.ReadFull(br, data); err != nil {
			return fmt.Errorf("git cat-file: %w", err)
		}
		if _, err := br.Discard(1); err != nil {
			return fmt.Errorf("git cat-file: %w", err)
		}
		fn(data)
	}
	return cat.Wait()
}
