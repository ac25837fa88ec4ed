#pragma once

#include <nlohmann/json.hpp>

#include <QString>
#include <QStringList>

#include <optional>

namespace tb {

// The spec as the user wrote it: ordered_json keeps the keys in document order, and every key,
// known or not, survives a load/edit/save round trip.
using SpecJson = nlohmann::ordered_json;

// RFC 6901 JSON pointers as QStrings ("" is the whole document, "/parameters/0/name" a field),
// the same spelling the spec loader uses in its issues. These helpers never throw: a pointer
// that runs into a scalar or past an array's end simply finds nothing.
namespace jsonpointer {

QString child(const QString &pointer, const QString &key);
QString child(const QString &pointer, int index);
QString parent(const QString &pointer);
// The unescaped tokens of a pointer ("/a~1b/0" -> {"a/b", "0"}).
QStringList tokens(const QString &pointer);
// `pointer` is `root` or lies below it ("/a/b" is under "/a", "/ab" is not).
bool isUnder(const QString &pointer, const QString &root);
// One of the two lies under the other: a change at one can affect what the other shows.
bool overlaps(const QString &a, const QString &b);
// The array index a token names, or -1 ("01", "-1" and "x" name none).
int indexOf(const QString &token);

const SpecJson *find(const SpecJson &root, const QString &pointer);
SpecJson *find(SpecJson &root, const QString &pointer);
// Writes `value` at `pointer`, creating missing objects on the way. Fails (returns false,
// changes nothing) when an ancestor is a scalar, or an array index is not an existing element.
bool assign(SpecJson &root, const QString &pointer, const SpecJson &value);
// Removes the key or array element at `pointer`; false when there is none.
bool erase(SpecJson &root, const QString &pointer);

} // namespace jsonpointer
} // namespace tb
