/** Generated projects built, tested and run with Maven, offline, against this build's repository. */
package io.lumen.codegen.it;
