// Klinik's addition to FerretDB v1.24.2's SQLite backend (copied into its source tree by the project's launcher,
// api/src/db/launcher.ts, FERRETDB_PATCH; api/tools/ferretdb-patch/README.md says what the fork changes and why).
//
// Upstream, this backend hands SQLite a WHERE clause only for a filter that is exactly {_id: <string or ObjectId>},
// reads and decodes every document of the collection for any other filter, and sorts, skips, limits and counts in Go
// after decoding every match (about 0.3 ms per client record: a count of a clinic's 20,000 clients took 5 s).
//
// Here:
//   - Every top-level field of the filter that is `_id` or named in FERRETDB_KLINIK_SCALAR_FIELDS, with a plain string
//     or ObjectId value of safe characters (or an `$in` list of them), becomes `_ferretdb_sjson->"<field>" = ?` (or
//     `IN (…)`) with a check of the value's type: the very expression FerretDB's own indexes are built on, so SQLite
//     searches an index with that field in front instead of scanning the table.
//   - A name search (api/src/domain/search.ts: `$and` of `$or` of `{f: {$regex: word, $options: "i"}}` over the
//     fields of FERRETDB_KLINIK_TEXT_FIELDS) becomes GLOB patterns on the fields' text, for any literal word.
//   - When every condition of the filter was translated (the WHERE clause is exact, below), a sort on the text fields
//     (then `_id`) with its skip and limit is done by SQLite (QueryParams.KlinikSort, from the find handler), and a
//     count (countDocuments' pipeline, from the aggregate handler) is SQLite's COUNT(*). Such queries read the
//     collection's list index, made here on first use: the clinic, the text fields, `_id`, their types and the owner
//     (`createdBy`), so a clinic's client list and its name search are answered from the index alone.
//
// Why this is safe:
//   - The handler filters every document the backend returns again, by the whole filter, in Go. A pushed-down
//     condition may therefore let through more documents than the filter matches, never fewer; it is only ever an
//     AND of conditions each of which every matching document satisfies.
//   - `{f: "x"}` also matches a document whose f is an array holding "x", which `f = '"x"'` would miss. So only the
//     fields the project names are pushed down, and the project's test (api/test/embedded-pushdown.test.ts) proves
//     that no model can store an array (or anything but a string or an ObjectId) under any of those names, nor
//     anything but a string under a text field.
//   - A string is compared as the JSON text SQLite's `->` gives back, which must equal sjson's encoding of the value:
//     only values of letters, digits and `_:.@+-` are pushed down, whose JSON text has no escapes either way. A string
//     and an ObjectId of the same hex have the same JSON text; the type check (sjson's `$s.p.<field>.t`) tells them
//     apart, as MongoDB does.
//   - A word is pushed down only when its regular expression is a literal (escaped metacharacters allowed): Go's
//     regexp then matches exactly where the text holds each letter or one of the letters Unicode's simple case
//     folding puts in its orbit (with "i"), which is what the GLOB pattern says, letter by letter, as a class.
//   - Exact: a WHERE clause made of these conditions only, none of the filter's fields left out, matches exactly the
//     documents the filter matches. Only then does SQLite sort, skip, limit or count. SQLite compares text bytewise,
//     as MongoDB and FerretDB compare strings; the sort is handed over only when every match has a string (or no
//     value: both put that first) under each text field of the sort and an ObjectId `_id` (checked by a query first).
package sqlite

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

var (
	klinikFieldName   = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,63}$`)
	klinikSafeString  = regexp.MustCompile(`^[A-Za-z0-9_:.@+\-]{1,200}$`)
	klinikScalarField = klinikFieldSet(os.Getenv("FERRETDB_KLINIK_SCALAR_FIELDS"), "_id")
	klinikTextFields  = klinikFieldList(os.Getenv("FERRETDB_KLINIK_TEXT_FIELDS"))
	klinikTextField   = klinikFieldSet(os.Getenv("FERRETDB_KLINIK_TEXT_FIELDS"))
)

// The list index's clinic and owner fields (api/src/models: every tenant's records, and a client's therapist).
const (
	klinikCompanyField = "companyId"
	klinikOwnerField   = "createdBy"
	// klinikRegexMeta are the characters a literal regular expression escapes (api/src/domain/search.ts escapeRegex).
	klinikRegexMeta = `\.+*?()|[]{}^$`
)

// klinikFieldList is the list of valid field names in `list` (comma-separated), in its order.
func klinikFieldList(list string) []string {
	var fields []string

	for _, field := range strings.Split(list, ",") {
		field = strings.TrimSpace(field)
		if klinikFieldName.MatchString(field) {
			fields = append(fields, field)
		}
	}

	return fields
}

// klinikFieldSet is the set of the valid field names in `list`, and `extra`.
func klinikFieldSet(list string, extra ...string) map[string]bool {
	fields := map[string]bool{}
	for _, field := range append(klinikFieldList(list), extra...) {
		fields[field] = true
	}

	return fields
}

// klinikValue is the expression FerretDB indexes a field by: its JSON text.
func klinikValue(field string) string {
	if field == "_id" {
		return metadata.IDColumn
	}

	return fmt.Sprintf("%s->%q", metadata.DefaultColumn, field)
}

// klinikText is a field's value as SQL text (a string's characters, unescaped).
func klinikText(field string) string {
	return fmt.Sprintf("%s->>'$.%s'", metadata.DefaultColumn, field)
}

// klinikType is a field's type as sjson records it ("string", "objectId", …; NULL when the field is missing).
func klinikType(field string) string {
	return fmt.Sprintf(`%s->>'$."$s".p.%s.t'`, metadata.DefaultColumn, field)
}

// klinikWhere is what a filter becomes in SQL.
type klinikWhere struct {
	clause string // " WHERE …", or ""
	args   []any
	// exact: the clause matches exactly the documents the filter matches (every field of the filter translated).
	exact bool
	// words: it holds a name search; company: an exact match of the clinic (the list index's first column).
	words, company bool
}

// klinikWhereOf translates `filter` (see the file's comment).
func klinikWhereOf(filter *types.Document) klinikWhere {
	w := klinikWhere{exact: true}
	if filter == nil {
		return w
	}

	var conditions []string

	for _, field := range filter.Keys() {
		value := must.NotFail(filter.Get(field))

		if field == "$and" {
			condition, values, exact := klinikWordsCondition(value)
			if condition != "" {
				conditions = append(conditions, condition)
				w.args = append(w.args, values...)
				w.words = true
			}

			w.exact = w.exact && exact

			continue
		}

		if !klinikScalarField[field] {
			w.exact = false
			continue
		}

		// {f: {$in: [a, b, …]}}: any of a few exact values (a week's day keys), the same guarantee per value.
		if operator, ok := value.(*types.Document); ok {
			values, typ := klinikInValues(operator)
			if values == nil {
				w.exact = false
				continue
			}

			condition := klinikValue(field) + " IN (" + strings.TrimSuffix(strings.Repeat("?, ", len(values)), ", ") + ")"
			if typ != "" {
				condition += " AND " + klinikType(field) + " = '" + typ + "'"
			} else {
				w.exact = false
			}

			conditions = append(conditions, condition)
			w.args = append(w.args, values...)

			continue
		}

		typ := klinikPushable(value)
		if typ == "" {
			w.exact = false
			continue
		}

		conditions = append(conditions, klinikValue(field)+" = ? AND "+klinikType(field)+" = '"+typ+"'")
		w.args = append(w.args, string(must.NotFail(sjson.MarshalSingleValue(value))))

		if field == klinikCompanyField {
			w.company = true
		}
	}

	if len(conditions) > 0 {
		w.clause = " WHERE " + strings.Join(conditions, " AND ")
	}

	return w
}

// klinikPushable answers sjson's type name of `value` when it may be compared as JSON text (an ObjectId, or a string
// of safe characters), or "".
func klinikPushable(value any) string {
	switch v := value.(type) {
	case types.ObjectID:
		return "objectId"
	case string:
		if klinikSafeString.MatchString(v) {
			return "string"
		}
	}

	return ""
}

// klinikInValues answers the JSON texts of an `{$in: [...]}` operator whose values are all pushable (at most 100),
// and their one type ("" when they differ), or nil for anything else (another operator, more keys, an empty or long
// list, a value that is not pushable).
func klinikInValues(operator *types.Document) ([]any, string) {
	if operator.Len() != 1 {
		return nil, ""
	}

	list, ok := must.NotFail(operator.Get(operator.Keys()[0])).(*types.Array)
	if !ok || operator.Keys()[0] != "$in" || list.Len() == 0 || list.Len() > 100 {
		return nil, ""
	}

	values := make([]any, 0, list.Len())
	typ := ""

	for i := 0; i < list.Len(); i++ {
		value := must.NotFail(list.Get(i))

		valueType := klinikPushable(value)
		if valueType == "" {
			return nil, ""
		}

		if i == 0 {
			typ = valueType
		} else if typ != valueType {
			typ = "-"
		}

		values = append(values, string(must.NotFail(sjson.MarshalSingleValue(value))))
	}

	if typ == "-" {
		typ = ""
	}

	return values, typ
}

// klinikWordsCondition pushes down the shape of a name search (api/src/domain/search.ts nameWordsFilter):
// `$and` of `{$or: [{f: {$regex: word, $options: "i"}}, …]}`, one per word, over text fields. Each word whose every
// alternative is a literal becomes `((f1 GLOB ? AND f1 is a string) OR …)`; a word that is not is left out (the
// handler decides it), and the condition is then not exact.
func klinikWordsCondition(value any) (string, []any, bool) {
	list, ok := value.(*types.Array)
	if !ok || list.Len() == 0 || list.Len() > 10 {
		return "", nil, false
	}

	var words []string
	var args []any
	exact := true

	for i := 0; i < list.Len(); i++ {
		clause, ok := must.NotFail(list.Get(i)).(*types.Document)
		if !ok || clause.Len() != 1 || clause.Keys()[0] != "$or" {
			return "", nil, false
		}

		alternatives, ok := must.NotFail(clause.Get("$or")).(*types.Array)
		if !ok || alternatives.Len() == 0 || alternatives.Len() > 5 {
			return "", nil, false
		}

		var either []string
		var patterns []any

		for j := 0; j < alternatives.Len(); j++ {
			field, pattern, ok := klinikGlobWord(must.NotFail(alternatives.Get(j)))
			if !ok {
				either = nil
				break
			}

			either = append(either, "("+klinikText(field)+" GLOB ? AND "+klinikType(field)+" = 'string')")
			patterns = append(patterns, pattern)
		}

		if either == nil {
			exact = false
			continue
		}

		words = append(words, "("+strings.Join(either, " OR ")+")")
		args = append(args, patterns...)
	}

	return strings.Join(words, " AND "), args, exact
}

// klinikGlobWord reads `{field: {$regex: "word", $options: "i"}}` (or without options, or a BSON regex /word/i) on a
// text field whose pattern is a literal, and answers the field and the GLOB pattern that matches the same texts.
func klinikGlobWord(value any) (string, string, bool) {
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
		if !condition.Has("$regex") {
			return "", "", false
		}

		regex, ok := must.NotFail(condition.Get("$regex")).(string)
		if !ok {
			return "", "", false
		}

		switch {
		case condition.Len() == 1:
		case condition.Len() == 2 && condition.Has("$options"):
			opts, ok := must.NotFail(condition.Get("$options")).(string)
			if !ok {
				return "", "", false
			}

			options = opts
		default:
			return "", "", false
		}

		pattern = regex
	default:
		return "", "", false
	}

	if options != "" && options != "i" {
		return "", "", false
	}

	letters, ok := klinikLiteral(pattern)
	if !ok {
		return "", "", false
	}

	glob := "*"

	for _, r := range letters {
		orbit := []rune{r}
		if options == "i" {
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				orbit = append(orbit, f)
			}
		}

		switch {
		case len(orbit) > 1:
			if strings.ContainsAny(string(orbit), "[]^-*?") {
				return "", "", false
			}

			glob += "[" + string(orbit) + "]"
		case strings.ContainsRune("*?[", r):
			glob += "[" + string(r) + "]"
		default:
			glob += string(r)
		}
	}

	return field, glob + "*", true
}

// klinikLiteral answers the characters a regular expression matches literally, when it is a literal (metacharacters
// only escaped, at most 100 characters), or false.
func klinikLiteral(pattern string) ([]rune, bool) {
	if !utf8.ValidString(pattern) {
		return nil, false
	}

	runes := []rune(pattern)
	letters := make([]rune, 0, len(runes))

	for i := 0; i < len(runes); i++ {
		r := runes[i]

		if r == '\\' {
			if i+1 == len(runes) || !strings.ContainsRune(klinikRegexMeta, runes[i+1]) {
				return nil, false
			}

			i++
			letters = append(letters, runes[i])

			continue
		}

		if strings.ContainsRune(klinikRegexMeta, r) {
			return nil, false
		}

		letters = append(letters, r)
	}

	return letters, len(letters) <= 100
}

// klinikOrderBy answers the ORDER BY clause of a sort whose first key is a text field and whose other keys are text
// fields or `_id` (ascending or descending), and the text fields in it; or false.
func klinikOrderBy(sort *types.Document) (string, []string, bool) {
	if sort.Len() == 0 || !klinikTextField[sort.Keys()[0]] {
		return "", nil, false
	}

	var terms, fields []string

	for _, key := range sort.Keys() {
		if key != "_id" && !klinikTextField[key] {
			return "", nil, false
		}

		direction := ""

		switch must.NotFail(sort.Get(key)) {
		case int64(1):
		case int64(-1):
			direction = " DESC"
		default:
			return "", nil, false
		}

		terms = append(terms, klinikText(key)+direction)

		if key != "_id" {
			fields = append(fields, key)
		}
	}

	return " ORDER BY " + strings.Join(terms, ", "), fields, true
}

// klinikListIndex makes the list index of `table` if it is missing, and answers its name.
//
// Its columns: the clinic and its type (searched), the text fields and `_id` as text (a sort's order), then the
// types of those, and the owner and its type, so a name search's and a therapist's conditions are checked in the
// index and only the rows of the answer are read from the table.
func klinikListIndex(ctx context.Context, db *fsql.DB, table string) (string, error) {
	name := table + "_klinik_list"

	var count int
	if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = ?`, name).Scan(&count); err != nil {
		return "", lazyerrors.Error(err)
	}

	if count == 1 {
		return name, nil
	}

	columns := []string{klinikValue(klinikCompanyField), klinikType(klinikCompanyField)}
	for _, field := range klinikTextFields {
		columns = append(columns, klinikText(field))
	}

	columns = append(columns, klinikText("_id"))
	for _, field := range klinikTextFields {
		columns = append(columns, klinikType(field))
	}

	columns = append(columns, klinikType("_id"), klinikValue(klinikOwnerField), klinikType(klinikOwnerField))

	q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (%s)`, name, table, strings.Join(columns, ", "))
	if _, err := db.ExecContext(ctx, q); err != nil {
		return "", lazyerrors.Error(err)
	}

	return name, nil
}

// klinikIndexedBy answers the INDEXED BY clause for a query of `w` (with a sort on the text fields when `sorted`):
// the list index, when the query names the clinic and searches names or sorts by them; else "".
func klinikIndexedBy(ctx context.Context, db *fsql.DB, table string, w klinikWhere, sorted bool) (string, error) {
	if !w.company || !(w.words || sorted) || len(klinikTextFields) == 0 {
		return "", nil
	}

	name, err := klinikListIndex(ctx, db, table)
	if err != nil {
		return "", err
	}

	return fmt.Sprintf(` INDEXED BY %q`, name), nil
}

// klinikSortable says whether SQLite's order of the rows of `w` by `fields` (text fields) then `_id` is MongoDB's:
// no row has anything but a string or nothing under those fields, or anything but an ObjectId as `_id`.
func klinikSortable(ctx context.Context, db *fsql.DB, from string, w klinikWhere, fields []string) (bool, error) {
	var checks []string
	for _, field := range fields {
		checks = append(checks, fmt.Sprintf("(%s IS NULL OR %s = 'string')", klinikType(field), klinikType(field)))
	}

	checks = append(checks, klinikType("_id")+" = 'objectId'")

	q := `SELECT COUNT(*) FROM (SELECT 1 FROM ` + from + w.clause
	if w.clause == "" {
		q += " WHERE "
	} else {
		q += " AND "
	}

	q += "NOT (" + strings.Join(checks, " AND ") + ") LIMIT 1)"

	var found int
	if err := db.QueryRowContext(ctx, q, w.args...).Scan(&found); err != nil {
		return false, lazyerrors.Error(err)
	}

	return found == 0, nil
}

// klinikPlan is how SQLite runs a query: its WHERE clause, the INDEXED BY clause, and the ORDER BY clause when SQLite
// sorts. Query and Explain make it the same way, so explain() tells what a query does.
type klinikPlan struct {
	w                  klinikWhere
	indexedBy, orderBy string
}

// klinikPlanOf plans a query of `filter` on the collection of `meta`, offered `sort`: SQLite sorts when the WHERE
// clause is exact, the sort is on the text fields (then `_id`) and every match sorts the same in SQLite (klinikSortable).
func klinikPlanOf(ctx context.Context, db *fsql.DB, meta *metadata.Collection, filter, sort *types.Document) (klinikPlan, error) {
	p := klinikPlan{w: klinikWhereOf(filter)}
	if meta.Capped() {
		return p, nil
	}

	orderBy, fields, sorted := klinikOrderBy(sort)
	sorted = sorted && p.w.exact

	indexedBy, err := klinikIndexedBy(ctx, db, meta.TableName, p.w, sorted)
	if err != nil {
		return p, err
	}

	p.indexedBy = indexedBy

	if sorted {
		sortable, err := klinikSortable(ctx, db, fmt.Sprintf("%q", meta.TableName)+indexedBy, p.w, fields)
		if err != nil {
			return p, err
		}

		if sortable {
			p.orderBy = orderBy
		}
	}

	return p, nil
}

// klinikQuery is the backend's Query once the collection is known: upstream's statement with this file's WHERE
// clause, and, for an exact one, SQLite's count (QueryParams.KlinikCountAs) or SQLite's sort, skip and limit
// (QueryParams.KlinikSort; QueryResult.KlinikPaged tells the handler not to skip again).
func klinikQuery(ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.QueryParams) (*backends.QueryResult, error) {
	counting := params.KlinikCountAs != nil

	sort := params.KlinikSort
	if counting || params.OnlyRecordIDs {
		sort = nil
	}

	p, err := klinikPlanOf(ctx, db, meta, params.Filter, sort)
	if err != nil {
		return nil, err
	}

	if counting && p.w.exact && !meta.Capped() {
		var count int64

		q := fmt.Sprintf(`SELECT COUNT(*) FROM %q`, meta.TableName) + p.indexedBy + p.w.clause
		if err = db.QueryRowContext(ctx, q, p.w.args...).Scan(&count); err != nil {
			return nil, lazyerrors.Error(err)
		}

		return &backends.QueryResult{
			Iter:          newQueryIterator(ctx, nil, params.OnlyRecordIDs),
			KlinikCounted: true,
			KlinikCount:   count,
		}, nil
	}

	q := prepareSelectClause(meta.TableName, params.Comment, meta.Capped(), params.OnlyRecordIDs) + p.indexedBy + p.w.clause
	args := p.w.args
	paged := p.orderBy != ""

	if paged {
		limit := params.KlinikLimit
		if limit <= 0 {
			limit = -1
		}

		q += p.orderBy + ` LIMIT ? OFFSET ?`
		args = append(args, limit, params.KlinikSkip)
	} else {
		q += prepareOrderByClause(params.Sort)

		if params.Limit != 0 {
			q += ` LIMIT ?`
			args = append(args, params.Limit)
		}
	}

	rows, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, lazyerrors.Error(err)
	}

	return &backends.QueryResult{
		Iter:        newQueryIterator(ctx, rows, params.OnlyRecordIDs),
		KlinikPaged: paged,
	}, nil
}

// klinikExplainClauses are Explain's INDEXED BY and WHERE clauses, arguments and ORDER BY clause: the plan Query makes
// for the same filter and offered sort (without the list index when it cannot be made: explain answers anyway).
func klinikExplainClauses(ctx context.Context, db *fsql.DB, meta *metadata.Collection, params *backends.ExplainParams) (string, string, []any, string) {
	p, err := klinikPlanOf(ctx, db, meta, params.Filter, params.KlinikSort)
	if err != nil {
		return "", p.w.clause, p.w.args, ""
	}

	return p.indexedBy, p.w.clause, p.w.args, p.orderBy
}

// klinikListCollection is ListCollections for one name: that collection's settings, or none.
func klinikListCollection(ctx context.Context, db *database, name string) *backends.ListCollectionsResult {
	c := db.r.CollectionGet(ctx, db.name, name)
	if c == nil {
		return &backends.ListCollectionsResult{}
	}

	return &backends.ListCollectionsResult{
		Collections: []backends.CollectionInfo{{
			Name:            c.Name,
			UUID:            c.Settings.UUID,
			CappedSize:      c.Settings.CappedSize,
			CappedDocuments: c.Settings.CappedDocuments,
		}},
	}
}
