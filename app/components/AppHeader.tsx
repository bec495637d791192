import { Form, Link, useNavigation } from "@remix-run/react";
import type { RootUser } from "#app/root";
import { Avatar } from "./Avatar";
import { Logo } from "./Logo";
import { NotificationBell } from "#app/features/notifications/NotificationBell";
import { useDetailsMenu } from "./hooks/useDetailsMenu";
import { PushSignOutField, unsubscribeOnSignOut } from "#app/features/push/PushSignOut";

/** Signed-in header: Home, the user's first name, their ringed picture and the profile menu. */
export function AppHeader({ user }: { user: RootUser }) {
  const navigation = useNavigation();
  const menu = useDetailsMenu();
  return (
    <header className="app-header">
      <Link to="/main" className="app-header__brand" aria-label="Goals with Friends home">
        <Logo />
      </Link>
      <nav className="app-header__nav" aria-label="Main">
        <Link to="/main">Home</Link>
      </nav>
      {navigation.state !== "idle" ? (
        <span className="app-header__loading" role="status">
          <span className="app-header__loading-text">loading...</span>
        </span>
      ) : null}
      <NotificationBell unread={user.unread} />
      {/* <details> keeps the menu usable without JavaScript; useDetailsMenu adds Escape and outside clicks. */}
      <details className="profile-menu" ref={menu}>
        <summary className="profile-menu__button">
          <span className="profile-menu__name">{user.first}</span>
          <Avatar user={user} />
          <span className="visually-hidden">Open profile menu</span>
        </summary>
        <ul className="profile-menu__list">
          <li>
            <Link to="/profile">Profile</Link>
          </li>
          <li>
            <Link to="/friends">Friends</Link>
          </li>
          <li>
            <Link to="/bar">Progress Bar</Link>
          </li>
          <li>
            <Link to="/completedgoals">Completed Goals</Link>
          </li>
          {user.type === "admin" || user.type === "org" ? (
            <li>
              <Link to="/challenges">My challenges</Link>
            </li>
          ) : null}
          {user.type === "admin" ? (
            <li>
              <Link to="/admin/users">Admin</Link>
            </li>
          ) : null}
          <li>
            <Form method="post" action="/signout" onSubmit={unsubscribeOnSignOut}>
              <PushSignOutField />
              <button type="submit" className="link-button">
                Sign Out
              </button>
            </Form>
          </li>
        </ul>
      </details>
    </header>
  );
}
