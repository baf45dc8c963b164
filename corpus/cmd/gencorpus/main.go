package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/corpus/internal/gen"
)

func main() {
	n := flag.Int("n", 0, "number of messages (0: until -size is reached)")
	size := flag.String("size", "100M", "approximate archive size when -n is 0 (K, M, G suffixes)")
	out := flag.String("o", "-", "output file; - for standard output")
	gz := flag.Bool("gzip", false, "gzip the output")
	seed := flag.Uint64("seed", 1, "random seed")
	flag.Parse()
	limit, err := parseSize(*size)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gencorpus: -size: %v\n", err)
		os.Exit(2)
	}
	if err := run(*out, *gz, *n, limit, *seed); err != nil {
		fmt.Fprintf(os.Stderr, "gencorpus: %v\n", err)
		os.Exit(1)
	}
}

// run writes the archive; a file's Close error counts, since a full disk
// may only show there.
func run(path string, gz bool, n int, limit int64, seed uint64) (err error) {
	var w io.Writer = os.Stdout
	if path != "-" {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		defer func() {
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}()
		w = f
	}
	var zw *gzip.Writer
	if gz {
		zw = gzip.NewWriter(w)
		w = zw
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	g := gen.New(seed)
	var written int64
	for i := 0; n > 0 && i < n || n == 0 && written < limit; i++ {
		msg := g.Message(i)
		if _, err := bw.WriteString(msg); err != nil {
			return err
		}
		written += int64(len(msg))
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if zw != nil {
		return zw.Close()
	}
	return nil
}

// parseSize reads "300M", "1G", "512K" or a byte count.
func parseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mult, s = 1<<10, strings.TrimSuffix(s, "K")
	case strings.HasSuffix(s, "M"):
		mult, s = 1<<20, strings.TrimSuffix(s, "M")
	case strings.HasSuffix(s, "G"):
		mult, s = 1<<30, strings.TrimSuffix(s, "G")
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("%q is not a size like 300M", s)
	}
	return v * mult, nil
}
