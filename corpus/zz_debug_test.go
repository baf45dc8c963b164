package corpus

import (
	"os"
	"testing"
	"fmt"
	"bytes"
	"github.com/lkmlbench/lkmlbench/mbox"
)

func TestZZDebug(t *testing.T) {
	f, _ := os.Open("/tmp/s.mbox")
	sc := mbox.NewRawScanner(f)
	n := 0
	for sc.Scan() {
		d := sc.Message().Data
		h := scanHeader(d)
		body := d[h.bodyStart:]
		if mayHoldTable(body) && !bytes.Contains(body, []byte("> ")) && n < 3 {
			n++
			// find first prefix where true
			lines := bytes.SplitAfter(body, []byte("\n"))
			var acc []byte
			for _, l := range lines {
				acc = append(acc, l...)
				if mayHoldTable(acc) {
					fmt.Printf("TRIGGER at line %q\n", l)
					break
				}
			}
		}
	}
}
