// Package gold reads the hand-made answer keys of the seed threads
// (../shared/gold/seeds beside the repository, described by its SCHEMA.md)
// for the tests of every package, so that each test compares against the
// same reading of the keys.
//
//	for _, f := range gold.Load(t) {
//		seed := gold.Seed(f)
//		for _, tab := range f.Tables { ... }
//	}
package gold
