#include "jsonpointer.h"

namespace tb::jsonpointer {

namespace {

QString escaped(QString key)
{
    return key.replace(QLatin1Char('~'), QLatin1String("~0"))
        .replace(QLatin1Char('/'), QLatin1String("~1"));
}

SpecJson *step(SpecJson *node, const QString &token)
{
    if (node->is_object()) {
        auto it = node->find(token.toStdString());
        return it == node->end() ? nullptr : &*it;
    }
    if (node->is_array()) {
        const int index = indexOf(token);
        return index >= 0 && index < int(node->size()) ? &(*node)[std::size_t(index)] : nullptr;
    }
    return nullptr;
}

} // namespace

QString child(const QString &pointer, const QString &key)
{
    return pointer + QLatin1Char('/') + escaped(key);
}

QString child(const QString &pointer, int index)
{
    return pointer + QLatin1Char('/') + QString::number(index);
}

QString parent(const QString &pointer)
{
    const auto slash = pointer.lastIndexOf(QLatin1Char('/'));
    return slash <= 0 ? QString() : pointer.left(slash);
}

QStringList tokens(const QString &pointer)
{
    if (pointer.isEmpty())
        return {};
    QStringList parts = pointer.mid(1).split(QLatin1Char('/'));
    for (auto &part : parts)
        part.replace(QLatin1String("~1"), QLatin1String("/")).replace(QLatin1String("~0"), "~");
    return parts;
}

bool isUnder(const QString &pointer, const QString &root)
{
    return root.isEmpty() || pointer == root ||
           (pointer.startsWith(root) && pointer.at(root.size()) == QLatin1Char('/'));
}

bool overlaps(const QString &a, const QString &b)
{
    return isUnder(a, b) || isUnder(b, a);
}

int indexOf(const QString &token)
{
    if (token.isEmpty() || (token.size() > 1 && token.startsWith(QLatin1Char('0'))))
        return -1;
    bool ok = false;
    const int index = token.toInt(&ok);
    return ok && index >= 0 && token.at(0).isDigit() ? index : -1;
}

const SpecJson *find(const SpecJson &root, const QString &pointer)
{
    return find(const_cast<SpecJson &>(root), pointer); // the walk itself writes nothing
}

SpecJson *find(SpecJson &root, const QString &pointer)
{
    SpecJson *node = &root;
    for (const auto &token : tokens(pointer)) {
        node = step(node, token);
        if (!node)
            return nullptr;
    }
    return node;
}

bool assign(SpecJson &root, const QString &pointer, const SpecJson &value)
{
    const QStringList parts = tokens(pointer);
    // Check the whole walk first so that a failure leaves the document as it was.
    const SpecJson *node = &root;
    for (const auto &token : parts) {
        if (node && !node->is_object() && !node->is_null()) {
            if (!node->is_array() || indexOf(token) < 0 || indexOf(token) >= int(node->size()))
                return false;
        }
        node = node ? step(const_cast<SpecJson *>(node), token) : nullptr;
    }
    SpecJson *target = &root;
    for (const auto &token : parts) {
        if (target->is_array())
            target = &(*target)[std::size_t(indexOf(token))];
        else
            target = &(*target)[token.toStdString()]; // creates a missing object on the way
    }
    *target = value;
    return true;
}

bool erase(SpecJson &root, const QString &pointer)
{
    if (pointer.isEmpty())
        return false;
    SpecJson *container = find(root, parent(pointer));
    const QString last = tokens(pointer).constLast();
    if (!container || !step(container, last))
        return false;
    if (container->is_object())
        container->erase(last.toStdString());
    else
        container->erase(container->begin() + indexOf(last));
    return true;
}

} // namespace tb::jsonpointer
