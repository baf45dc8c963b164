package export

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/lkmlbench/lkmlbench/model"
)

// TestSchemaCoversModel: every object of docs/lkmlbench.schema.json lists
// exactly the json keys of its model type, so a field added to the model
// fails here until the schema documents it.
func TestSchemaCoversModel(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "docs", "lkmlbench.schema.json"))
	require.NoError(t, err)
	type object struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	var schema struct {
		object
		Defs map[string]object `json:"$defs"`
	}
	require.NoError(t, json.Unmarshal(b, &schema))

	types := map[string]reflect.Type{
		"":        reflect.TypeFor[model.Document](),
		"source":  reflect.TypeFor[model.Source](),
		"address": reflect.TypeFor[model.Address](),
		"patch":   reflect.TypeFor[model.PatchTag](),
		"trailer": reflect.TypeFor[model.Trailer](),
		"message": reflect.TypeFor[model.Message](),
		"warning": reflect.TypeFor[model.Warning](),
		"table":   reflect.TypeFor[model.Table](),
		"row":     reflect.TypeFor[model.Row](),
		"cell":    reflect.TypeFor[model.Cell](),
	}
	for def, typ := range types {
		obj := schema.object
		if def != "" {
			var ok bool
			obj, ok = schema.Defs[def]
			require.True(t, ok, "schema has no $defs/%s", def)
		}
		var have []string
		for k := range obj.Properties {
			have = append(have, k)
		}
		sort.Strings(have)
		assert.Equal(t, jsonKeys(typ), have, "schema object %q vs %s", def, typ)
	}
}

// jsonKeys lists the sorted json names of a struct's fields.
func jsonKeys(typ reflect.Type) []string {
	var keys []string
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if name != "-" {
			keys = append(keys, name)
		}
	}
	sort.Strings(keys)
	return keys
}
