/**
 * Builds a throwaway Spring Boot 4 application that depends only on the installed
 * lumen-spring-boot4-starter, offline against this build's local repository, and runs its own tests.
 */
package io.lumen.spring.appit;
