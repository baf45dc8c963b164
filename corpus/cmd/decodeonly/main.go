// Command decodeonly is the yardstick of the crawl's speed: it reads an
// archive as the crawl reads it (an mbox split by mbox.RawScanner, or a
// public-inbox epoch's commits listed and their blobs read by the crawl's
// own git reader, corpus.GitList and corpus.GitReader: one git rev-list,
// one git cat-file --batch per worker) and
// decodes every message with go-message alone: mail.CreateReader, and
// every part's body read to its end through its transfer encoding and
// charset. Nothing is parsed for tables or
// stored. scripts/bench.sh times it beside the crawl in the same run, so
// that the crawl's CPU per MB is stated as a ratio to what merely decoding
// the same mail costs.
//
//	go run ./corpus/cmd/decodeonly ARCHIVE...
//
// An archive is an mbox, an mbox.gz, a bare git epoch (N.git) or an inbox
// holding git/N.git. It prints one line: messages, MB, parts, messages
// go-message could not read, commits git could not read, and the wall
// time.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // every charset the crawl decodes
	"github.com/emersion/go-message/mail"

	"github.com/lkmlbench/lkmlbench/corpus"
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
	fmt.Printf("decodeonly: %d messages, %.1f MB, %d parts, %d unreadable, %d git faults, in %.2fs\n",
		total.messages, float64(total.bytes)/1e6, total.parts, total.failed, total.faults, time.Since(start).Seconds())
}

// tally counts what was decoded, and the commits of a git archive that
// could not be read (faults).
type tally struct{ messages, bytes, parts, failed, faults int64 }

func (t *tally) add(o tally) {
	t.messages += o.messages
	t.bytes += o.bytes
	t.parts += o.parts
	t.failed += o.failed
	t.faults += o.faults
}

// unit is a worker's share of the reading: one message of an mbox, or a
// run of commits of an epoch that the worker reads itself, as a crawl
// worker does.
type unit struct {
	data []byte
	repo string
	run  []corpus.GitCommit
}

// decodeArchive feeds every message of the archive at path to workers
// decoding goroutines.
func decodeArchive(path string, workers int) (tally, error) {
	units := make(chan unit, 4*workers)
	results := make(chan tally, workers)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var t tally
			var git *corpus.GitReader
			for u := range units {
				if u.run == nil {
					t.add(decode(u.data))
					continue
				}
				if git == nil || git.Repo() != u.repo {
					if git != nil {
						git.Close()
					}
					git = corpus.NewGitReader(ctx, u.repo)
				}
				err := git.Read(u.run, func(m corpus.GitMessage) error {
					switch {
					case m.Err != nil:
						t.faults++
					case m.Data != nil:
						t.add(decode(m.Data))
					}
					return nil
				})
				if err != nil {
					t.faults += int64(len(u.run)) // git could not be started
				}
			}
			if git != nil {
				git.Close()
			}
			results <- t
		}()
	}
	var total tally
	err := read(ctx, path, &total, func(u unit) { units <- u })
	close(units)
	wg.Wait()
	close(results)
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

// read hands fn every message of the archive, each in its own slice, or
// for a git archive its commits in runs, listed by the crawl's own
// lister (corpus.Epochs, corpus.GitList) for workers that read them with
// the crawl's own reader (corpus.GitReader), so that the yardstick and
// the crawl pay for the same reading; a commit that cannot be read is
// counted in t.faults, as the crawl counts it.
func read(ctx context.Context, path string, t *tally, fn func(unit)) error {
	if epochs, faults := corpus.Epochs(path); len(epochs)+len(faults) > 0 {
		t.faults += int64(len(faults))
		for _, e := range epochs {
			err := corpus.GitList(ctx, e, "", func(run []corpus.GitCommit) error {
				fn(unit{repo: e, run: run})
				return nil
			}, func(string, error) error {
				t.faults++
				return nil
			})
			if err != nil {
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
		fn(unit{data: bytes.Clone(sc.Message().Data)})
	}
	return sc.Err()
}
