#pragma once

#include "savable.h"

#include <functional>

namespace tb {

// A Savable made of three functions, for pages that edit a document without deriving from
// Savable themselves (the kernel page, the spec document behind the space page).
class SavableFunctions : public Savable
{
public:
    SavableFunctions(std::function<bool()> isModified, std::function<bool()> save,
                     std::function<QString()> name)
        : m_isModified(std::move(isModified)), m_save(std::move(save)), m_name(std::move(name))
    {}

    bool isModified() const override { return m_isModified(); }
    bool save() override { return m_save(); }
    QString documentName() const override { return m_name(); }

private:
    std::function<bool()> m_isModified;
    std::function<bool()> m_save;
    std::function<QString()> m_name;
};

} // namespace tb
