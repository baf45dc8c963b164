package model

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNumberRoundTrip: a number leaves and comes back as the text it was
// read from, never through a binary float.
func TestNumberRoundTrip(t *testing.T) {
	for _, text := range []string{"4.14", "-0.00", "0.00", "5.157e+10", "1E-3", "26311.000", "0", "-17", "123456789012345678901234567890"} {
		t.Run(text, func(t *testing.T) {
			b, err := json.Marshal(Cell{Field: "value", Value: Number(text)})
			require.NoError(t, err)
			assert.Contains(t, string(b), `"value":`+text+`}`)
			var back Cell
			require.NoError(t, json.Unmarshal(b, &back))
			assert.Equal(t, Number(text), back.Value)
		})
	}
}

// TestNumberRejects: text that is not a JSON number fails loudly on both
// sides rather than writing a broken document.
func TestNumberRejects(t *testing.T) {
	for _, text := range []string{"", "+4.14", "4,14", ".5", "5.", "01", "1e", "NaN", "4.14 pct", "-", "0x10", `"4.14"`} {
		t.Run(text, func(t *testing.T) {
			assert.False(t, Number(text).Valid())
			_, err := json.Marshal(Number(text))
			assert.Error(t, err)
			var n Number
			assert.Error(t, n.UnmarshalJSON([]byte(text)))
		})
	}
}

// TestNumberValidRange: a number is valid only within float64's range,
// however it is written.
func TestNumberValidRange(t *testing.T) {
	huge := "1" + strings.Repeat("0", 320)
	for text, want := range map[string]bool{
		"4.14": true, "-0.5": true, "1e308": true, "1e309": false, "-2E+400": false,
		huge: false, huge[:299]: true, "0." + strings.Repeat("0", 400) + "1": true,
	} {
		assert.Equal(t, want, Number(text).Valid(), "%.20s (%d bytes)", text, len(text))
	}
}

func TestNumberFloat(t *testing.T) {
	assert.Equal(t, 4.14, Number("4.14").Float())
	assert.Equal(t, 5.157e10, Number("5.157e+10").Float())
	assert.True(t, math.Signbit(Number("-0.00").Float()))
	assert.True(t, math.IsNaN(Number("4,14").Float()))
}

// TestDocumentRoundTrip marshals a document and reads it back unchanged.
func TestDocumentRoundTrip(t *testing.T) {
	doc := Document{
		Schema:   SchemaVersion,
		Sources:  []Source{{Path: "a.mbox", Kind: "mbox"}},
		Messages: []Message{{Source: "a.mbox", ID: "x@y", From: Address{Name: "A B"}, Patch: &PatchTag{Prefix: "PATCH", Version: 3, Total: 4, Title: "t"}, StartLine: 1, EndLine: 9}},
		Tables: []Table{{ID: "t01", Source: "a.mbox", MessageID: "x@y", Format: "value-pct", Context: []string{"NPS1"},
			Variants: []string{"tip", "patched"}, Rows: []Row{{Case: "1-groups", Line: 5, Flags: []string{"*"},
				Cells: []Cell{{Variant: "tip", Field: "value", Value: "4.25"}, {Variant: "tip", Field: "pct", Value: "-0.00"},
					{Variant: "patched", Field: "value", Value: "4.14"}, {Variant: "patched", Field: "pct", Value: "2.58"}}}}}},
		Warnings: []Warning{{Source: "a.mbox", Line: 3, Message: "unknown charset"}},
	}
	b, err := json.Marshal(&doc)
	require.NoError(t, err)
	var back Document
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, doc, back)
	assert.True(t, back.Messages[0].Patch.CoverLetter())
}

// TestObservations flattens a table: one record per cell, row flags before
// cell flags, and an empty (not null) context.
func TestObservations(t *testing.T) {
	doc := Document{Tables: []Table{{ID: "t01", Format: "list", Author: "A", QuoteDepth: 1,
		Rows: []Row{{Case: "r", Line: 7, Flags: []string{"*"}, Cells: []Cell{
			{Field: "value", Value: "1", Flags: []string{"significant"}},
			{Field: "cv", Value: "2"},
		}}}}}}
	obs := doc.Observations()
	require.Len(t, obs, 2)
	assert.Equal(t, []string{"*", "significant"}, obs[0].Flags)
	assert.Equal(t, []string{"*"}, obs[1].Flags)
	assert.Equal(t, []string{}, obs[0].Context)
	assert.Equal(t, Observation{Table: "t01", Format: "list", Context: []string{}, Case: "r", Field: "cv", Value: "2",
		Flags: []string{"*"}, Line: 7, QuoteDepth: 1, Author: "A"}, obs[1])
	b, err := json.Marshal(obs[1])
	require.NoError(t, err)
	assert.JSONEq(t, `{"source":"","message_id":"","table":"t01","format":"list","benchmark":"","context":[],"case":"r",
		"variant":"","field":"cv","value":2,"unit":"","direction":"","statistic":"","baseline":"","flags":["*"],
		"line":7,"quote_depth":1,"author":"A","verdict":""}`, string(b))
}

func TestParseError(t *testing.T) {
	base := errors.New("bad")
	tests := []struct {
		pos  Pos
		want string
	}{
		{Pos{Line: 3, Col: 7}, "f.mbox:3:7: bad"},
		{Pos{Line: 3}, "f.mbox:3: bad"},
		{Pos{Offset: 99}, "f.mbox: offset 99: bad"},
		{Pos{}, "f.mbox: bad"},
	}
	for _, tc := range tests {
		err := &ParseError{File: "f.mbox", Pos: tc.pos, Err: base}
		assert.Equal(t, tc.want, err.Error())
		assert.ErrorIs(t, err, base)
	}
}

func TestPatchTagCoverLetter(t *testing.T) {
	assert.True(t, PatchTag{Index: 0, Total: 4}.CoverLetter())
	assert.False(t, PatchTag{Index: 2, Total: 4}.CoverLetter())
	assert.False(t, PatchTag{}.CoverLetter())
}

func TestAddressString(t *testing.T) {
	assert.Equal(t, "A B", Address{Name: "A B", Email: "a@b"}.String())
	assert.Equal(t, "a@b", Address{Email: "a@b"}.String())
}

// FuzzNumberJSON: whatever UnmarshalJSON accepts marshals back to the same
// bytes, and nothing panics.
func FuzzNumberJSON(f *testing.F) {
	for _, s := range []string{"4.14", "-0.00", "5.157e+10", "4,14", "", "1e", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var n Number
		if err := n.UnmarshalJSON([]byte(s)); err != nil {
			return
		}
		b, err := n.MarshalJSON()
		require.NoError(t, err)
		require.Equal(t, s, string(b))
		require.True(t, json.Valid(b), s)
	})
}
