// Klinik's addition to FerretDB v1.24.2's SQLite backend (copied into its source tree by the project's launcher,
// api/src/db/launcher.ts, FERRETDB_PATCH; docs/architecture.md, 'The embedded database pushes exact matches down').
//
// Upstream, this backend hands SQLite a WHERE clause only for a filter that is exactly {_id: <string or ObjectId>},
// and reads and decodes every document of the collection for any other filter. Here, every top-level field of the
// filter that is `_id` or named in FERRETDB_KLINIK_SCALAR_FIELDS, with a plain string or ObjectId value of safe
// characters, becomes `_ferretdb_sjson->"<field>" = ?`: the very expression FerretDB's own indexes are built on, so
// SQLite searches an index with that field in front instead of scanning the table.
//
// Why this is safe:
//   - The handler filters every document the backend returns again, by the whole filter, in Go. A pushed-down
//     condition may therefore let through more documents than the filter matches, never fewer; it is only ever an
//     AND of conditions each of which every matching document satisfies.
//   - `{f: "x"}` also matches a document whose f is an array holding "x", which `f = '"x"'` would miss. So only the
//     fields the project names are pushed down, and the project's test (api/test/embedded-pushdown.test.ts) proves
//     that no model can store an array (or anything but a string or ObjectId) under any of those names.
//   - `{f: {$in: [x, y]}}` becomes `f IN (x, y)` under the same rules, for each value.
//   - A string is compared as the JSON text SQLite's `->` gives back, which must equal sjson's encoding of the value:
//     only values of letters, digits and `_:.@+-` are pushed down, whose JSON text has no escapes either way.
package sqlite

import (
	"fmt"
	"os"
	"regexp"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

var (
	klinikFieldName   = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,63}$`)
	klinikSafeString  = regexp.MustCompile(`^[A-Za-z0-9_:.@+\-]{1,200}$`)
	klinikScalarField = klinikScalarFields(os.Getenv("FERRETDB_KLINIK_SCALAR_FIELDS"))
	klinikTextField   = klinikTextFields(os.Getenv("FERRETDB_KLINIK_TEXT_FIELDS"))
	klinikPlainWord   = regexp.MustCompile(`^[A-Za-z0-9]{1,50}$`)
)

// klinikTextFields is the set of field names the project promises hold only strings in every collection (names that
// are searched by a case-insensitive pattern).
func klinikTextFields(list string) map[string]bool {
	fields := map[string]bool{}

	for _, field := range strings.Split(list, ",") {
		field = strings.TrimSpace(field)
		if klinikFieldName.MatchString(field) {
			fields[field] = true
		}
	}

	return fields
}

// klinikScalarFields is the set of field names the project promises hold only strings or ObjectIds in every
// collection; `_id` is always one (MongoDB forbids arrays there).
func klinikScalarFields(list string) map[string]bool {
	fields := map[string]bool{"_id": true}

	for _, field := range strings.Split(list, ",") {
		field = strings.TrimSpace(field)
		if klinikFieldName.MatchString(field) {
			fields[field] = true
		}
	}

	return fields
}

// klinikWhereClause answers the WHERE clause (with its leading space) and its arguments for the exact matches of
// `filter` that can be pushed down, or "" and nil when there are none.
func klinikWhereClause(filter *types.Document) (string, []any) {
	if filter == nil {
		return "", nil
	}

	var conditions []string
	var args []any

	for _, field := range filter.Keys() {
		if field == "$and" {
			if condition, values := klinikWordsCondition(must.NotFail(filter.Get(field))); condition != "" {
				conditions = append(conditions, condition)
				args = append(args, values...)
			}

			continue
		}

		if !klinikScalarField[field] {
			continue
		}

		column := metadata.IDColumn
		if field != "_id" {
			column = fmt.Sprintf("%s->%q", metadata.DefaultColumn, field)
		}

		value := must.NotFail(filter.Get(field))

		// {f: {$in: [a, b, …]}}: any of a few exact values (a week's day keys), the same guarantee per value.
		if operator, ok := value.(*types.Document); ok {
			values := klinikInValues(operator)
			if values == nil {
				continue
			}

			conditions = append(conditions, column+" IN ("+strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ")+")")
			args = append(args, values...)

			continue
		}

		if !klinikPushable(value) {
			continue
		}

		conditions = append(conditions, column+" = ?")
		args = append(args, string(must.NotFail(sjson.MarshalSingleValue(value))))
	}

	if len(conditions) == 0 {
		return "", nil
	}

	return " WHERE " + strings.Join(conditions, " AND "), args
}

// klinikPushable says whether `value` may be compared as JSON text: an ObjectId, or a string of safe characters.
func klinikPushable(value any) bool {
	switch v := value.(type) {
	case types.ObjectID:
		return true
	case string:
		return klinikSafeString.MatchString(v)
	default:
		return false
	}
}

// klinikInValues answers the JSON texts of an `{$in: [...]}` operator whose values are all pushable (at most 100),
// or nil for anything else (another operator, more keys, an empty or long list, a value that is not pushable).
func klinikInValues(operator *types.Document) []any {
	if operator.Len() != 1 {
		return nil
	}

	list, ok := must.NotFail(operator.Get(operator.Keys()[0])).(*types.Array)
	if !ok || operator.Keys()[0] != "$in" || list.Len() == 0 || list.Len() > 100 {
		return nil
	}

	values := make([]any, 0, list.Len())

	for i := 0; i < list.Len(); i++ {
		value := must.NotFail(list.Get(i))
		if !klinikPushable(value) {
			return nil
		}

		values = append(values, string(must.NotFail(sjson.MarshalSingleValue(value))))
	}

	return values
}

// klinikWordsCondition pushes down the shape of a name search (api/src/domain/search.ts nameWordsFilter):
// `$and` of `{$or: [{f: {$regex: word, $options: "i"}}, …]}`, one per word, over text fields, where every word is
// plain ASCII letters and digits. Each word becomes `(f1 LIKE '%word%' OR f2 LIKE …)` on the field's text (`->>`);
// SQLite's LIKE folds ASCII letters as Go's (?i) does, and the only other letters Unicode case folding puts in an
// ASCII letter's orbit, KELVIN SIGN (k) and LATIN SMALL LETTER LONG S (s), let a row through by themselves, so the
// condition holds for every document the filter matches (the handler decides the rest). Anything else: "".
func klinikWordsCondition(value any) (string, []any) {
	list, ok := value.(*types.Array)
	if !ok || list.Len() == 0 || list.Len() > 10 {
		return "", nil
	}

	var words []string
	var args []any

	for i := 0; i < list.Len(); i++ {
		clause, ok := must.NotFail(list.Get(i)).(*types.Document)
		if !ok || clause.Len() != 1 || clause.Keys()[0] != "$or" {
			return "", nil
		}

		alternatives, ok := must.NotFail(clause.Get("$or")).(*types.Array)
		if !ok || alternatives.Len() == 0 || alternatives.Len() > 5 {
			return "", nil
		}

		var either []string

		for j := 0; j < alternatives.Len(); j++ {
			field, word, ok := klinikCaseInsensitiveWord(must.NotFail(alternatives.Get(j)))
			if !ok {
				return "", nil
			}

			column := fmt.Sprintf("%s->>%s", metadata.DefaultColumn, klinikQuote(field))
			either = append(either, column+" LIKE ?")
			args = append(args, "%"+word+"%")

			if strings.ContainsAny(word, "kKsS") {
				either = append(either, "instr("+column+", ?) > 0", "instr("+column+", ?) > 0")
				args = append(args, "\u212A", "\u017F")
			}
		}

		words = append(words, "("+strings.Join(either, " OR ")+")")
	}

	return strings.Join(words, " AND "), args
}

// klinikCaseInsensitiveWord reads `{field: {$regex: "word", $options: "i"}}` (or a BSON regex /word/i) on a text
// field, with a plain word.
func klinikCaseInsensitiveWord(value any) (string, string, bool) {
	doc, ok := value.(*types.Document)
	if !ok || doc.Len() != 1 {
		return "", "", false
	}

	field := doc.Keys()[0]
	if !klinikTextField[field] {
		return "", "", false
	}

	var pattern, options string

	switch condition := must.NotFail(doc.Get(field)).(type) {
	case types.Regex:
		pattern, options = condition.Pattern, condition.Options
	case *types.Document:
		if condition.Len() != 2 || !condition.Has("$regex") || !condition.Has("$options") {
			return "", "", false
		}

		regex, ok := must.NotFail(condition.Get("$regex")).(string)
		if !ok {
			return "", "", false
		}

		opts, ok := must.NotFail(condition.Get("$options")).(string)
		if !ok {
			return "", "", false
		}

		pattern, options = regex, opts
	default:
		return "", "", false
	}

	if options != "i" || !klinikPlainWord.MatchString(pattern) {
		return "", "", false
	}

	return field, pattern, true
}

// klinikQuote writes a field name as a SQLite JSON path label: '$.name' (field names are checked plain identifiers).
func klinikQuote(field string) string {
	return "'$." + field + "'"
}
