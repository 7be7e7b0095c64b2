// Drops files on a window as a file manager does, through the X server's drag-and-drop protocol (XDND,
// version 5): enter, a position over the window, the drop, then the file list handed over as the
// selection's text/uri-list when the window asks for it, until the window says it finished. The window
// tests use it to drop a file on the app for real; nothing in the app is told it is a test.
//
//   ttt_xdnd_drop WINDOW X Y FILE...    WINDOW an X window id (decimal or 0x...), X Y a point in it
//
// Exit status: 0 the window took the drop, 1 it refused or never answered, 2 bad usage or no display.
#include <X11/Xatom.h>
#include <X11/Xlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <vector>

namespace {

// "file:///tmp/a%20b.sgf": every byte outside the unreserved set and '/' percent-encoded (RFC 3986).
std::string file_uri(const std::string& path) {
    static const char* hex = "0123456789ABCDEF";
    std::string out = "file://";
    for (unsigned char c : path) {
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' ||
            c == '-' || c == '.' || c == '_' || c == '~') {
            out.push_back(static_cast<char>(c));
        } else {
            out.push_back('%');
            out.push_back(hex[c >> 4]);
            out.push_back(hex[c & 15]);
        }
    }
    return out;
}

struct Atoms {
    Atom aware, enter, position, status, drop, finished, selection, action_copy, uri_list;
    explicit Atoms(Display* d)
        : aware(XInternAtom(d, "XdndAware", False)), enter(XInternAtom(d, "XdndEnter", False)),
          position(XInternAtom(d, "XdndPosition", False)), status(XInternAtom(d, "XdndStatus", False)),
          drop(XInternAtom(d, "XdndDrop", False)), finished(XInternAtom(d, "XdndFinished", False)),
          selection(XInternAtom(d, "XdndSelection", False)),
          action_copy(XInternAtom(d, "XdndActionCopy", False)),
          uri_list(XInternAtom(d, "text/uri-list", False)) {}
};

void send(Display* d, Window target, Atom type, long l0, long l1, long l2, long l3, long l4) {
    XEvent e{};
    e.xclient.type = ClientMessage;
    e.xclient.display = d;
    e.xclient.window = target;
    e.xclient.message_type = type;
    e.xclient.format = 32;
    e.xclient.data.l[0] = l0;
    e.xclient.data.l[1] = l1;
    e.xclient.data.l[2] = l2;
    e.xclient.data.l[3] = l3;
    e.xclient.data.l[4] = l4;
    XSendEvent(d, target, False, NoEventMask, &e);
    XFlush(d);
}

// The next event for us within `seconds`, or false.
bool next_event(Display* d, XEvent& e, double seconds) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < until) {
        if (XPending(d) > 0) {
            XNextEvent(d, &e);
            return true;
        }
        struct timespec pause {
            0, 2'000'000
        };
        nanosleep(&pause, nullptr);
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 5) {
        std::fprintf(stderr, "usage: ttt_xdnd_drop WINDOW X Y FILE...\n");
        return 2;
    }
    Display* d = XOpenDisplay(nullptr);
    if (!d) {
        std::fprintf(stderr, "ttt_xdnd_drop: cannot open the display\n");
        return 2;
    }
    const Window target = static_cast<Window>(std::strtoul(argv[1], nullptr, 0));
    const int x = std::atoi(argv[2]);
    const int y = std::atoi(argv[3]);
    std::string uris;
    for (int i = 4; i < argc; ++i) uris += file_uri(argv[i]) + "\r\n";
    const Atoms a(d);

    // The window must say it takes drops, and which protocol version.
    Atom type = None;
    int format = 0;
    unsigned long items = 0, after = 0;
    unsigned char* data = nullptr;
    if (XGetWindowProperty(d, target, a.aware, 0, 1, False, XA_ATOM, &type, &format, &items, &after, &data) !=
            Success ||
        items == 0) {
        std::fprintf(stderr, "ttt_xdnd_drop: window %s does not take drops (no XdndAware)\n", argv[1]);
        return 1;
    }
    const long version = std::min<long>(5, static_cast<long>(*reinterpret_cast<Atom*>(data)));
    XFree(data);

    // Our side: a window that owns the drag's selection.
    const Window source = XCreateSimpleWindow(d, DefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0);
    XSetSelectionOwner(d, a.selection, source, CurrentTime);
    int root_x = 0, root_y = 0;
    Window child = None;
    XTranslateCoordinates(d, target, DefaultRootWindow(d), x, y, &root_x, &root_y, &child);

    send(d, target, a.enter, static_cast<long>(source), version << 24, static_cast<long>(a.uri_list), 0, 0);
    send(d, target, a.position, static_cast<long>(source), 0, (static_cast<long>(root_x) << 16) | root_y,
         CurrentTime, static_cast<long>(a.action_copy));
    bool accepted = false;
    bool dropped = false;
    XEvent e;
    while (next_event(d, e, 10.0)) {
        if (e.type == ClientMessage && e.xclient.message_type == a.status && !dropped) {
            accepted = (e.xclient.data.l[1] & 1) != 0;
            if (!accepted) {
                std::fprintf(stderr, "ttt_xdnd_drop: the window refused the drop\n");
                return 1;
            }
            send(d, target, a.drop, static_cast<long>(source), 0, CurrentTime, 0, 0);
            dropped = true;
        } else if (e.type == SelectionRequest) {
            // The window asks for the files: they go into the property it named, then it is told.
            const XSelectionRequestEvent& r = e.xselectionrequest;
            XEvent reply{};
            reply.xselection.type = SelectionNotify;
            reply.xselection.display = d;
            reply.xselection.requestor = r.requestor;
            reply.xselection.selection = r.selection;
            reply.xselection.target = r.target;
            reply.xselection.time = r.time;
            reply.xselection.property = None;
            if (r.target == a.uri_list) {
                XChangeProperty(d, r.requestor, r.property, r.target, 8, PropModeReplace,
                                reinterpret_cast<const unsigned char*>(uris.data()),
                                static_cast<int>(uris.size()));
                reply.xselection.property = r.property;
            }
            XSendEvent(d, r.requestor, False, NoEventMask, &reply);
            XFlush(d);
        } else if (e.type == ClientMessage && e.xclient.message_type == a.finished) {
            const bool ok = version < 5 || (e.xclient.data.l[1] & 1) != 0;
            XDestroyWindow(d, source);
            XCloseDisplay(d);
            return ok ? 0 : 1;
        }
    }
    std::fprintf(stderr, "ttt_xdnd_drop: the window did not %s\n",
                 dropped ? "finish the drop" : "answer the drag");
    return 1;
}
