// A visitor built from lambdas, for std::visit over the event and intent variants.
#pragma once

namespace ttt {

template <class... Ts>
struct Overloaded : Ts... {
    using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace ttt
