package mbox

import (
	"math/rand"
	"os"
	"testing"
	"time"
)

func TestZZHang(t *testing.T) {
	seeds := [][]byte{
		[]byte("From mboxrd@z Thu Jan 1 00:00:00 1970 From: A Subject: s X-A: b Hello > > 0 1 2 >> x -- y"),
		[]byte("Subject: s From: A List-ID: On 1 Jan B > a > > b >> c @@ -1 +1 @@ - x; + y; | a | | b |"),
	}
	d, _ := os.ReadFile("testdata/forms/damaged_own.txt")
	seeds = append(seeds, d)
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 20000; n++ {
		in := append([]byte(nil), seeds[r.Intn(len(seeds))]...)
		for k := r.Intn(8); k >= 0; k-- {
			if len(in) == 0 {
				break
			}
			switch r.Intn(4) {
			case 0:
				in[r.Intn(len(in))] = byte(r.Intn(256))
			case 1:
				i := r.Intn(len(in))
				in = append(in[:i], in[min(len(in), i+r.Intn(20)):]...)
			case 2:
				i, j := r.Intn(len(in)), r.Intn(len(in))
				if i > j {
					i, j = j, i
				}
				in = append(in[:j:j], append(append([]byte{}, in[i:j]...), in[j:]...)...)
			case 3:
				i := r.Intn(len(in))
				in = append(in[:i:i], append([]byte("> > >> "), in[i:]...)...)
			}
		}
		done := make(chan struct{})
		go func() { dmgRebuild("f", in, Options{}.withDefaults()); Read("f", in, Options{}); close(done) }()
		select {
		case <-done:
		case <-time.After(3 * time.Second):
			os.WriteFile("/tmp/hang.bin", in, 0o644)
			t.Fatalf("hang on %q", in)
		}
	}
}
