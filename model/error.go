package model

import "fmt"

// Pos is a position in an input file. Line and Col are 1-based; Offset is a
// 0-based byte offset. A zero Line means the position is unknown.
type Pos struct {
	Line   int   `json:"line"`
	Col    int   `json:"col,omitempty"`
	Offset int64 `json:"offset"`
}

// ParseError is an error a user sees, located in an input file.
type ParseError struct {
	// File is the input path ("-" for standard input).
	File string
	// Pos locates the problem; Line 0 when only the file is known.
	Pos Pos
	// Err is the underlying problem.
	Err error
}

// Error renders "file:line:col: message", dropping the parts that are unknown.
func (e *ParseError) Error() string {
	switch {
	case e.Pos.Line > 0 && e.Pos.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %v", e.File, e.Pos.Line, e.Pos.Col, e.Err)
	case e.Pos.Line > 0:
		return fmt.Sprintf("%s:%d: %v", e.File, e.Pos.Line, e.Err)
	case e.Pos.Offset > 0:
		return fmt.Sprintf("%s: offset %d: %v", e.File, e.Pos.Offset, e.Err)
	default:
		return fmt.Sprintf("%s: %v", e.File, e.Err)
	}
}

// Unwrap returns the underlying error.
func (e *ParseError) Unwrap() error { return e.Err }
