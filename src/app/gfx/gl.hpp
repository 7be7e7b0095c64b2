// The one way our code includes OpenGL: glad's 3.3 core loader, generated at build time.
#pragma once

#include <glad/gl.h>
