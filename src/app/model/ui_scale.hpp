// The presentation scale of the window (View > Text size, Ctrl+= / Ctrl+- / Ctrl+0, --ui-scale): from 75 %
// to 300 % in the steps the menu offers, read from what a user types ("150%", "150", "1.5").
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace ttt::app {

inline constexpr float kMinUiScale = 0.75f;
inline constexpr float kMaxUiScale = 3.0f;
// The menu's sizes, and where Ctrl+= and Ctrl+- step to.
inline constexpr std::array<float, 10> kUiScaleSteps = {0.75f, 0.9f,  1.0f, 1.1f, 1.25f,
                                                        1.5f,  1.75f, 2.0f, 2.5f, 3.0f};

// The next step up (down) from `scale`, or the largest (smallest) when there is none.
[[nodiscard]] float larger_ui_scale(float scale) noexcept;
[[nodiscard]] float smaller_ui_scale(float scale) noexcept;
// Into [kMinUiScale, kMaxUiScale]; a value that is not a number is 1.
[[nodiscard]] float clamp_ui_scale(float scale) noexcept;
// "150%" or "150" (a percentage when above 10) or "1.5" (a factor); nullopt when it is not a number or is
// outside 75 % to 300 %.
[[nodiscard]] std::optional<float> parse_ui_scale(std::string_view text) noexcept;
// The whole percentage, 150 for 1.5.
[[nodiscard]] int percent_of(float scale) noexcept;

}  // namespace ttt::app
