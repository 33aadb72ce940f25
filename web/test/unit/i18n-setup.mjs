// Installs the real catalogues (locales/*.ftl) into i18n.js for unit tests of modules
// that show text, and makes English the language, as a page whose visitor reads English.
import { install, use } from '../../src/i18n.js';
import { readCatalogues } from '../../tools/catalogues.mjs';

install(readCatalogues());
use('en');
