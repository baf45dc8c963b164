// Package normalize gives the numbers of tables from different reporters one
// meaning: which direction is better, what a printed percentage means, the
// improvement over the baseline signed so that positive is better, the unit
// as a canonical symbol, the sample count and whether a change is within
// the noise. It keeps what the author wrote and adds its readings beside it
// (the model's direction_source, pct_convention, improvement_pct, noise,
// unit_norm, normalized and samples fields).
//
//	bl := normalize.Default()
//	for i := range doc.Tables {
//		normalize.Table(&doc.Tables[i], normalize.Options{Benchmarks: bl})
//	}
package normalize
