// Command decodeonly is the yardstick of the crawl's speed: it reads an
// archive as the crawl reads it (an mbox split by mbox.RawScanner, or a
// public-inbox epoch's message blobs read by the crawl's own git reader,
// corpus.GitMessages: one git rev-list, one git cat-file --batch) and
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
	var total tally
	err := read(path, &total, func(m []byte) { msgs <- m })
	close(msgs)
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

// read calls fn with every message of the archive, each in its own slice.
// A git archive is listed and read by the crawl's own reader
// (corpus.Epochs, corpus.GitMessages), so that the yardstick and the
// crawl pay for the same reading; a commit it cannot read is counted in
// t.faults, as the crawl counts it.
func read(path string, t *tally, fn func([]byte)) error {
	if epochs, faults := corpus.Epochs(path); len(epochs)+len(faults) > 0 {
		t.faults += int64(len(faults))
		for _, e := range epochs {
			err := corpus.GitMessages(context.Background(), e, "", func(_ string, data []byte) error {
				fn(bytes.Clone(data)) // the reader reuses data once fn returns
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
		fn(bytes.Clone(sc.Message().Data))
	}
	return sc.Err()
}
