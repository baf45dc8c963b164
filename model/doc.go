// Package model is the typed data model of lkmlbench: the mail a result came
// from, the tables found in it, and the flat observations exported from them.
//
// The package holds plain data only. Readers in mbox/ and parse/ fill it,
// writers in export/ serialise it. A Document marshals to the JSON form
// described by docs/lkmlbench.schema.json:
//
//	doc := model.Document{Schema: model.SchemaVersion}
//	doc.Tables = append(doc.Tables, table)
//	for _, obs := range doc.Observations() {
//		fmt.Println(obs.Case, obs.Variant, obs.Field, obs.Value)
//	}
package model
