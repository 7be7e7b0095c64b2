// Stepping, clamping and reading the ui scale.
#include "model/ui_scale.hpp"

#include <charconv>
#include <cmath>

namespace ttt::app {

namespace {

// Half a percent: a step read back from the settings file as 1.1 is the step 1.1.
constexpr float kSame = 0.005f;

}  // namespace

float larger_ui_scale(float scale) noexcept {
    for (float step : kUiScaleSteps)
        if (step > scale + kSame) return step;
    return kUiScaleSteps.back();
}

float smaller_ui_scale(float scale) noexcept {
    for (auto it = kUiScaleSteps.rbegin(); it != kUiScaleSteps.rend(); ++it)
        if (*it < scale - kSame) return *it;
    return kUiScaleSteps.front();
}

float clamp_ui_scale(float scale) noexcept {
    if (!std::isfinite(scale)) return 1.0f;
    return std::fmin(std::fmax(scale, kMinUiScale), kMaxUiScale);
}

std::optional<float> parse_ui_scale(std::string_view text) noexcept {
    bool percent = false;
    if (!text.empty() && text.back() == '%') {
        percent = true;
        text.remove_suffix(1);
    }
    float value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, ec] = std::from_chars(text.data(), end, value, std::chars_format::fixed);
    if (text.empty() || ec != std::errc() || stop != end || !std::isfinite(value)) return std::nullopt;
    // "150" is a percentage; nobody means a factor of 150.
    if (percent || value > 10) value /= 100.0f;
    if (value < kMinUiScale - kSame || value > kMaxUiScale + kSame) return std::nullopt;
    return clamp_ui_scale(value);
}

int percent_of(float scale) noexcept {
    return static_cast<int>(std::lround(scale * 100.0f));
}

}  // namespace ttt::app
