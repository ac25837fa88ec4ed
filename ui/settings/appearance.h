#pragma once

#include <QPalette>
#include <QString>

namespace tb {

// The workbench's colour scheme. Qt 6.4 has no QStyleHints::colorScheme, so System keeps the
// platform's style and palette (which follow the desktop's light or dark setting), and Light
// and Dark use the Fusion style with a fixed palette.
enum class Appearance
{
    System,
    Light,
    Dark,
};

QString appearanceName(Appearance appearance); // "system", "light", "dark": stored in settings
Appearance appearanceFromName(const QString &name, Appearance fallback = Appearance::System);

// Applies to the whole application at once (every open window repaints). The platform's style
// name is remembered on the first call, so System can go back to it.
void applyAppearance(Appearance appearance);
Appearance currentAppearance();

QPalette darkPalette();

} // namespace tb
