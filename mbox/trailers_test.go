package mbox

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/lkmlbench/lkmlbench/model"
)

func TestTrailers(t *testing.T) {
	body := "Fix it.\n\nReported-by: kernel test robot <lkp@intel.com>\nSuggested-by: Peter Zijlstra (Intel) <peterz@infradead.org>\n" +
		"Co-developed-by: Parth Shah <parth@linux.ibm.com>\nSigned-off-by: Parth Shah <parth@linux.ibm.com>\n" +
		"tested-by: lower case <lc@example.org>\nAcked-by: Mel Gorman\nReviewed-by: rv@example.org\n" +
		"> Tested-by: Quoted Person <q@example.org>\n---\n-- \nTested-by: In Signature <sig@example.org>\n"
	got := Trailers(BodyLines(body, 100, 0, ""))
	want := []model.Trailer{
		{Key: "Reported-by", Who: model.Address{Name: "kernel test robot", Email: "lkp@intel.com"}, Line: 102},
		{Key: "Suggested-by", Who: model.Address{Name: "Peter Zijlstra (Intel)", Email: "peterz@infradead.org"}, Line: 103},
		{Key: "Co-developed-by", Who: model.Address{Name: "Parth Shah", Email: "parth@linux.ibm.com"}, Line: 104},
		{Key: "Signed-off-by", Who: model.Address{Name: "Parth Shah", Email: "parth@linux.ibm.com"}, Line: 105},
		{Key: "tested-by", Who: model.Address{Name: "lower case", Email: "lc@example.org"}, Line: 106},
		{Key: "Acked-by", Who: model.Address{Name: "Mel Gorman"}, Line: 107},
		{Key: "Reviewed-by", Who: model.Address{Email: "rv@example.org"}, Line: 108},
	}
	assert.Equal(t, want, got)
}
